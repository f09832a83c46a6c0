import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The news list, tolerant per item: an item of a type the app does not know, or missing what
/// its type requires, is left out and the others kept. A body that is not the list at all is
/// invalid data.
public enum NewsListMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct Root: Decodable {
        let title: String?
        let items: [Lenient]
    }

    /// One item, or nothing when it cannot be read.
    private struct Lenient: Decodable {
        let item: NewsItem?

        init(from decoder: any Decoder) throws {
            item = try? RemoteNewsItem(from: decoder).item
        }
    }

    private struct RemoteNewsItem: Decodable {
        let item: NewsItem

        private enum CodingKeys: String, CodingKey {
            case type, id, headline, teaser, url, image, advertiser, offer
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let id = try container.decode(UUID.self, forKey: .id)
            switch try container.decode(String.self, forKey: .type) {
            case "story":
                item = .story(
                    NewsStorySummary(
                        id: id, headline: try container.decode(String.self, forKey: .headline),
                        teaser: try container.decode(String.self, forKey: .teaser),
                        image: try container.decode(RemoteNewsImage.self, forKey: .image).image,
                        createdAt: try container.decode(Date.self, forKey: .createdAt),
                        updatedAt: try container.decode(Date.self, forKey: .updatedAt)))
            case "weblink":
                item = .webLink(
                    NewsWebLink(
                        id: id, headline: try container.decode(String.self, forKey: .headline),
                        url: try Self.webURL(in: container),
                        image: (try? container.decodeIfPresent(RemoteNewsImage.self, forKey: .image))??.image,
                        createdAt: try container.decode(Date.self, forKey: .createdAt),
                        updatedAt: try container.decode(Date.self, forKey: .updatedAt)))
            case "advert":
                item = .advert(
                    NewsAdvert(
                        id: id, url: try Self.webURL(in: container),
                        image: try container.decode(RemoteNewsImage.self, forKey: .image).image,
                        advertiser: try container.decode(String.self, forKey: .advertiser),
                        offer: Self.offer(in: container)))
            case let type:
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown type \(type)")
            }
        }

        /// An advert whose offer is missing, empty or not text still shows, by its advertiser alone.
        private static func offer(in container: KeyedDecodingContainer<CodingKeys>) -> String? {
            guard let offer = (try? container.decodeIfPresent(String.self, forKey: .offer)) ?? nil, !offer.isEmpty else { return nil }
            return offer
        }

        /// Only `http` and `https` addresses are opened: anything else could run in the page.
        private static func webURL(in container: KeyedDecodingContainer<CodingKeys>) throws -> URL {
            let text = try container.decode(String.self, forKey: .url)
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host() != nil else {
                throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "Not a web address: \(text)")
            }
            return url
        }
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> NewsList {
        guard response.statusCode == 200, let root = try? APIDate.decoder.decode(Root.self, from: data) else {
            throw Error.invalidData
        }
        return NewsList(title: root.title ?? "", items: root.items.compactMap(\.item))
    }
}
