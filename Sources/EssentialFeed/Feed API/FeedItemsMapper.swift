import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum FeedItemsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct Root: Decodable {
        let items: [RemoteFeedItem]
    }

    /// The wire format of one item. `id` and `image` are decoded as strings and
    /// converted in the single mapping pass below: JSONDecoder builds a nested
    /// decoder for every `UUID` and `URL` value, which makes large feeds markedly slower.
    private struct RemoteFeedItem: Decodable {
        let id: String
        let description: String?
        let location: String?
        let image: String
        let alt: String?
        let commentCount: Int?
        let author: RemoteAuthor?

        private enum CodingKeys: String, CodingKey {
            case id, description, location, image, alt, author
            case commentCount = "comment_count"
        }

        func toModel() throws -> FeedImage {
            // Image data is fetched from this URL as is, so it must be absolute.
            guard let id = UUID(uuidString: id),
                  let url = URL(string: image), url.scheme != nil
            else {
                throw Error.invalidData
            }
            return FeedImage(
                id: id, description: description, location: location, url: url,
                alternativeText: alt, commentCount: commentCount.flatMap { $0 >= 0 ? $0 : nil },
                author: author?.model
            )
        }
    }

    /// Optional parts, so an author the app cannot show leaves the item without one
    /// rather than failing the page.
    private struct RemoteAuthor: Decodable {
        let username: String?
        let name: String?

        var model: User? {
            guard let username, !username.isEmpty else { return nil }
            return User(username: username, name: name.flatMap { $0.isEmpty ? nil : $0 } ?? username)
        }
    }

    private static let okStatusCode = 200

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
        guard response.statusCode == okStatusCode,
              let root = try? JSONDecoder().decode(Root.self, from: data)
        else {
            throw Error.invalidData
        }

        var images = [FeedImage]()
        images.reserveCapacity(root.items.count)
        for item in root.items {
            images.append(try item.toModel())
        }
        return images
    }
}
