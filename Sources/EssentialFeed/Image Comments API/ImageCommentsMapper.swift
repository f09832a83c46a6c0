import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public enum ImageCommentsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct Root: Decodable {
        let items: [RemoteComment]
    }

    struct RemoteComment: Decodable {
        let id: UUID
        let message: String
        let createdAt: Date
        let author: Author

        var model: ImageComment {
            ImageComment(
                id: id, message: message, createdAt: createdAt, username: author.username, authorName: author.displayName,
                authorAvatar: author.avatar)
        }

        private enum CodingKeys: String, CodingKey {
            case id, message, author
            case createdAt = "created_at"
        }
    }

    struct Author: Decodable {
        let username: String
        /// Optional and checked apart, so a name the app cannot use is left out rather than
        /// failing the list.
        let displayName: String?
        let avatar: Avatar?

        private enum CodingKeys: String, CodingKey {
            case username, name, avatar
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            username = try container.decode(String.self, forKey: .username)
            displayName = ((try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil).flatMap { $0.isEmpty ? nil : $0 }
            avatar = ((try? container.decodeIfPresent(RemoteAvatar.self, forKey: .avatar)) ?? nil)?.model
        }
    }

    private static let acceptedStatusCodes = 200...299

    /// - Throws: `ResourceNotFoundError` for `404`; `Error.invalidData` for any other answer but a `2xx` list.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [ImageComment] {
        try HTTPStatus.checkAnswered(response)
        guard acceptedStatusCodes.contains(response.statusCode),
            let root = try? decoder.decode(Root.self, from: data)
        else {
            throw Error.invalidData
        }

        return root.items.map(\.model)
    }

    private static var decoder: JSONDecoder { APIDate.decoder }
}
