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
    ///
    /// The seeds' keys are required as the seeds require them; the keys added since are each
    /// read on their own, so one the app cannot use is left out rather than failing the page.
    struct RemoteFeedItem: Decodable {
        let id: String
        let description: String?
        let location: String?
        let image: String
        let alt: String?
        let commentCount: Int?
        let author: RemoteAuthor?
        let photo: FeedPhoto?
        let createdAt: Date?
        let likeCount: Int?
        let liked: Bool?
        let contentWarning: String?
        let editedAt: Date?
        let visibility: FeedImageVisibility

        private enum CodingKeys: String, CodingKey {
            case id, description, location, image, alt, author, width, height, color, urls, liked, visibility
            case likeCount = "like_count"
            case commentCount = "comment_count"
            case blurHash = "blur_hash"
            case createdAt = "created_at"
            case contentWarning = "content_warning"
            case editedAt = "edited_at"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            location = try container.decodeIfPresent(String.self, forKey: .location)
            image = try container.decode(String.self, forKey: .image)
            alt = try container.decodeIfPresent(String.self, forKey: .alt)
            commentCount = try container.decodeIfPresent(Int.self, forKey: .commentCount)
            author = try container.decodeIfPresent(RemoteAuthor.self, forKey: .author)
            photo = Self.photo(in: container)
            createdAt = Self.date(.createdAt, in: container)
            editedAt = Self.date(.editedAt, in: container)
            contentWarning = ((try? container.decodeIfPresent(String.self, forKey: .contentWarning)) ?? nil)
                .flatMap { $0.isEmpty || $0.count > Self.maximumContentWarningLength ? nil : $0 }
            likeCount = ((try? container.decodeIfPresent(Int.self, forKey: .likeCount)) ?? nil).flatMap { $0 >= 0 ? $0 : nil }
            liked = (try? container.decodeIfPresent(Bool.self, forKey: .liked)) ?? nil
            // A visibility the app does not know is shown as the narrower one.
            visibility =
                ((try? container.decodeIfPresent(String.self, forKey: .visibility)) ?? nil)
                .map { FeedImageVisibility(rawValue: $0) ?? .followers } ?? .public
        }

        /// A longer warning than the API takes is not one it wrote.
        private static let maximumContentWarningLength = 200

        private static func date(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>) -> Date? {
            (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { try? Date.ISO8601FormatStyle().parse($0) } }
        }

        private static func photo(in container: KeyedDecodingContainer<CodingKeys>) -> FeedPhoto? {
            guard let width = (try? container.decodeIfPresent(Int.self, forKey: .width)) ?? nil,
                let height = (try? container.decodeIfPresent(Int.self, forKey: .height)) ?? nil,
                (1...100_000).contains(width), (1...100_000).contains(height)
            else { return nil }
            let color = ((try? container.decodeIfPresent(String.self, forKey: .color)) ?? nil).flatMap { isHexColor($0) ? $0 : nil }
            let blurHash = ((try? container.decodeIfPresent(String.self, forKey: .blurHash)) ?? nil)
                .flatMap { (6...100).contains($0.count) ? $0 : nil }
            let remoteURLs = ((try? container.decodeIfPresent([String: String].self, forKey: .urls)) ?? nil) ?? [:]
            var urls = [FeedImageSize: URL]()
            for (name, text) in remoteURLs {
                guard let size = FeedImageSize(rawValue: name), let url = URL(string: text), url.scheme != nil else { continue }
                urls[size] = url
            }
            return FeedPhoto(width: width, height: height, averageColor: color, blurHash: blurHash, urls: urls)
        }

        private static func isHexColor(_ text: String) -> Bool {
            text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
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
                author: author?.model, photo: photo, createdAt: createdAt, likeCount: likeCount, isLiked: liked,
                contentWarning: contentWarning, editedAt: editedAt, visibility: visibility
            )
        }
    }

    /// Optional parts, so an author the app cannot show leaves the item without one
    /// rather than failing the page.
    struct RemoteAuthor: Decodable {
        let username: String?
        let name: String?
        let avatar: RemoteAvatar?

        var model: User? {
            guard let username, !username.isEmpty else { return nil }
            return User(username: username, name: name.flatMap { $0.isEmpty ? nil : $0 } ?? username, avatar: avatar?.model)
        }
    }

    private static let okStatusCode = 200

    /// One item on its own, as the API answers a post; `nil` when it is not a valid item.
    static func item(from data: Data) -> FeedImage? {
        try? JSONDecoder().decode(RemoteFeedItem.self, from: data).toModel()
    }

    /// - Throws: `ResourceNotFoundError` for `404`; `ResourceNotModifiedError` for `304` (the
    /// page a conditional request named is unchanged); `Error.invalidData` for any other
    /// answer but `200` with a feed.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
        try HTTPStatus.checkAnswered(response)
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
