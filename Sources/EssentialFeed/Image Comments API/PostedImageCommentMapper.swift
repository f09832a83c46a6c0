import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API's answer to a new comment: the comment as the list shows it.
public enum PostedImageCommentMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// Empty once trimmed, or longer than the API takes (in characters, or in bytes: `413`).
        case invalidMessage
        /// The token is missing, unknown, revoked or expired.
        case authenticationRequired
        case imageNotFound
        case invalidData
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> ImageComment {
        switch response.statusCode {
        case 200, 201:
            guard let comment = try? APIDate.decoder.decode(ImageCommentsMapper.RemoteComment.self, from: data) else {
                throw Error.invalidData
            }
            return comment.model
        case 507: throw InsufficientStorageError()
        case 400, 413: throw Error.invalidMessage
        case 401: throw Error.authenticationRequired
        case 404: throw Error.imageNotFound
        default: throw Error.invalidData
        }
    }
}
