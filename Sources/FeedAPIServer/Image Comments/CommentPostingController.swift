import EssentialFeed
import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// `POST /essential-feed/v1/image/{image-id}/comments`: a comment by the token's account. The
/// message is trimmed and must then have 1 to 2,000 characters. The comments list's cached
/// responses are dropped by the write (the repository's data version moves).
struct CommentPostingController<Context: AuthRequestContext<APISession>>: Sendable {
    let repository: any FeedWriting
    let now: @Sendable () -> Date
    let urls: PublicURLs
    var limits = ActionLimits()

    static var maximumMessageLength: Int { ImageCommentMessage.maximumLength }
    /// A character may join several scalars (a flag: 2, a family emoji: 7); more than eight
    /// each on average is not a message.
    static var maximumMessageScalars: Int { 8 * maximumMessageLength }
    /// The longest message accepted, however JSON encodes it: every scalar escaped as a
    /// surrogate pair (`\uD83D\uDE00`, 12 bytes), and room for the rest of the object.
    static var maximumBodySize: Int { maximumMessageScalars * 12 + 1_024 }

    /// On a group behind `BearerTokenAuthenticator`.
    func addRoutes(to group: RouterGroup<Context>) {
        group.post("image/:image-id/comments", use: post)
    }

    @Sendable func post(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let text = context.parameters.get("image-id") ?? ""
        guard let imageID = UUID(exactly: text) else {
            throw ProblemDetails.invalidPathParameter("image-id", detail: "expected a UUID, got \"\(text)\".")
        }
        let body = try await JSONRequestBody.decode(NewCommentBody.self, from: request, maximumBytes: Self.maximumBodySize)
        guard let message = body.acceptedMessage else { throw ProblemDetails.invalidComment }
        let date = now()
        var comment = FeedComment(id: UUID(), message: message, createdAt: date, username: account.username.value, authorName: account.name)
        comment.mentions = Mentions.usernames(in: message)
        let added: Bool
        do {
            added = try await repository.addComment(comment, onImage: imageID, quota: ActionQuota(accountID: account.id, limit: limits.comments))
        } catch is BlockedInteraction {
            throw ProblemDetails.blocked
        } catch let reached as ActionLimitReached {
            throw ProblemDetails.limitReached(reached, at: date, limits: limits)
        }
        guard added else { throw ProblemDetails.unknownImage(imageID) }
        return Response(
            status: .created,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ImageCommentsEncoder.encode(comment, urls: urls)))
    }
}

/// The body of a new comment, as a client sends it.
package struct NewCommentBody: Decodable, Sendable {
    package let message: String

    /// The message trimmed, when the comment rule accepts it and it has at most 16,000 scalars.
    package var acceptedMessage: String? {
        guard let accepted = try? ImageCommentMessage.accepted(message),
            accepted.unicodeScalars.count <= CommentPostingController<FeedAPIContext>.maximumMessageScalars
        else { return nil }
        return accepted
    }
}

extension ProblemDetails {
    static let invalidComment = ProblemDetails(
        type: "/essential-feed/problems/invalid-comment", title: "Invalid comment",
        status: .badRequest,
        detail: "The message must have 1 to \(CommentPostingController<FeedAPIContext>.maximumMessageLength) characters once trimmed, some of them visible.")
}
