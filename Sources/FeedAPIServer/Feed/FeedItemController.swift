import FeedAPIStorage
import Foundation
import Hummingbird

/// Single feed items: `GET /essential-feed/v1/image/{image-id}`, the item as the feed shows it
/// (for a screen opened on one photo), and `GET /essential-feed/v1/images/random`, one chosen
/// at random (public posts only). Neither is kept by caches without asking: comment counts
/// change. A followers-only post is unknown (`404`) to all but its author and their followers.
struct FeedItemController<Context: RequestContext>: Sendable {
    let repository: any FeedReading
    let urls: PublicURLs
    /// The account of the request's token, `nil` without one.
    var reader: @Sendable (Request) async throws -> Int64? = { _ in nil }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("images/random", use: randomItem)
        group.get("image/:image-id", use: item)
    }

    @Sendable func randomItem(_ request: Request, context: Context) async throws -> Response {
        guard let item = try await repository.randomItem() else {
            throw ProblemDetails(status: .notFound, detail: "The feed has no items yet.")
        }
        return response(for: item, cacheControl: "no-store")
    }

    @Sendable func item(_ request: Request, context: Context) async throws -> Response {
        let text = context.parameters.get("image-id") ?? ""
        guard let imageID = UUID(exactly: text) else {
            throw ProblemDetails.invalidPathParameter("image-id", detail: "expected a UUID, got \"\(text)\".")
        }
        let viewer = try await reader(request)
        guard let item = try await repository.item(withID: imageID, visibleTo: viewer) else {
            throw ProblemDetails.unknownImage(imageID)
        }
        return response(for: item, cacheControl: item.visibility == .public ? "no-cache" : "private, no-cache")
    }

    private func response(for item: FeedItem, cacheControl: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: cacheControl],
            body: ResponseBody(byteBuffer: FeedPageEncoder(urls: urls).encodeItem(item)))
    }
}
