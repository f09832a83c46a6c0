import FeedAPIStorage
import Hummingbird

/// `GET /essential-feed/v1/images/random`: one feed item chosen at random, never cached.
struct RandomItemController<Context: RequestContext>: Sendable {
    let repository: any FeedReading
    let urls: PublicURLs

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("images/random", use: randomItem)
    }

    @Sendable func randomItem(_ request: Request, context: Context) async throws -> Response {
        guard let item = try await repository.randomItem() else {
            throw ProblemDetails(status: .notFound, detail: "The feed has no items yet.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: FeedPageEncoder(urls: urls).encodeItem(item)))
    }
}
