import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a person does with their own photos and comments, through an `AuthenticatedHTTPClient`:
/// changing a photo's texts (`PATCH v1/image/{id}`), deleting it, deleting a comment.
public enum OwnPostEndpoint: Sendable {
    case edit(imageID: UUID, texts: PostTexts)
    case delete(imageID: UUID)
    case deleteComment(commentID: UUID, imageID: UUID)

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .edit(imageID, texts):
            try JSONRequest.make("PATCH", url: Self.image(imageID, baseURL: baseURL), body: texts)
        case let .delete(imageID):
            JSONRequest.make("DELETE", url: Self.image(imageID, baseURL: baseURL))
        case let .deleteComment(commentID, imageID):
            JSONRequest.make("DELETE", url: Self.image(imageID, baseURL: baseURL).appending(path: "comments/\(commentID.uuidString)"))
        }
    }

    private static func image(_ id: UUID, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/image/\(id.uuidString)")
    }
}

/// A photo's texts as its owner sets them: an empty text clears one.
public struct PostTexts: Equatable, Sendable, Encodable {
    public let description: String
    public let location: String
    public let alternativeText: String
    public let contentWarning: String
    /// Who may see it from now on; `nil` leaves it as it is.
    public var visibility: FeedImageVisibility? = nil

    public init(description: String, location: String, alternativeText: String, contentWarning: String) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.contentWarning = contentWarning
    }

    private enum CodingKeys: String, CodingKey {
        case description, location, visibility
        case alternativeText = "alt"
        case contentWarning = "content_warning"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .description)
        try container.encode(location, forKey: .location)
        try container.encode(alternativeText, forKey: .alternativeText)
        try container.encode(contentWarning, forKey: .contentWarning)
        try container.encodeIfPresent(visibility?.rawValue, forKey: .visibility)
    }
}

public enum OwnPostMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The token was missing, unknown or revoked.
        case authenticationRequired
        /// It is not the reader's to change.
        case notAllowed
        /// The API refused the texts (too long, or with characters it does not take).
        case invalidTexts
        case invalidData
    }

    /// The photo as edited.
    /// - Throws: `ResourceNotFoundError` for `404` (no such photo, or no longer).
    public static func mapEdit(_ data: Data, from response: HTTPURLResponse) throws -> FeedImage {
        try check(response)
        guard response.statusCode == 200, let image = FeedItemsMapper.item(from: data) else { throw Error.invalidData }
        return image
    }

    /// - Throws: `ResourceNotFoundError` for `404` (no such photo or comment, or no longer).
    public static func mapDeletion(_ response: HTTPURLResponse) throws {
        try check(response)
        guard response.statusCode == 204 else { throw Error.invalidData }
    }

    private static func check(_ response: HTTPURLResponse) throws {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 400: throw Error.invalidTexts
        case 401: throw Error.authenticationRequired
        case 403: throw Error.notAllowed
        default: return
        }
    }
}
