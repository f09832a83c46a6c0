import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adding a comment to an image, as the person whose token an `AuthenticatedHTTPClient` sends.
public enum ImageCommentPostingEndpoint: Sendable {
    case post(message: String, imageID: UUID)

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .post(message, imageID):
            try JSONRequest.make(
                "POST", url: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL), body: NewComment(message: message))
        }
    }

    private struct NewComment: Encodable {
        let message: String
    }
}
