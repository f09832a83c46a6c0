import FeedAPIStorage
import Foundation
import HTTPServerHardening
import Hummingbird

/// `GET /essential-feed/v1/image/{image-id}/comments`: every comment on an image, newest first.
/// Those on a followers-only post are read only by its author and followers. Only what anyone
/// reads without a token is cached: a reader with one does not see the comments of people in a
/// block with them.
struct ImageCommentsController<Context: RequestContext>: Sendable {
    let repository: any FeedReading
    let urls: PublicURLs
    let cache: ResponseCache<UUID>
    /// The account of the request's token, `nil` without one.
    var reader: @Sendable (Request) async throws -> Int64? = { _ in nil }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("image/:image-id/comments", use: comments)
    }

    @Sendable func comments(_ request: Request, context: Context) async throws -> Response {
        let text = context.parameters.get("image-id") ?? ""
        guard let imageID = UUID(exactly: text) else {
            throw ProblemDetails.invalidPathParameter("image-id", detail: "expected a UUID, got \"\(text)\".")
        }
        let version = repository.dataVersion
        let viewer = try await reader(request)
        if viewer == nil, let cached = cache.response(for: imageID, version: version) {
            return cached.response(to: request)
        }
        guard let comments = try await repository.comments(onImage: imageID, visibleTo: viewer) else {
            throw ProblemDetails.unknownImage(imageID)
        }
        let response = CachedResponse(
            body: ImageCommentsEncoder.encode(comments, urls: urls), contentType: "application/json; charset=utf-8",
            cacheControl: viewer == nil ? "no-cache" : "private, no-cache")
        if viewer == nil { cache.store(response, for: imageID, version: version) }
        return response.response(to: request)
    }
}
