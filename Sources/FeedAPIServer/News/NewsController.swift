import FeedAPIStorage
import Foundation
import Hummingbird

/// `GET /essential-feed/v1/news` (the list) and `GET /essential-feed/v1/news/stories/{id}`.
/// Answers are kept encoded per data version, with an entity tag, as the feed's pages are.
struct NewsController<Context: RequestContext>: Sendable {
    let repository: any NewsReading
    let urls: PublicURLs
    let cache: ResponseCache<String>

    static var listKey: String { "" }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("news", use: list)
        group.get("news/stories/:id", use: story)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let version = repository.dataVersion
        if let cached = cache.response(for: Self.listKey, version: version) {
            return cached.response(to: request)
        }
        let response = Self.json(NewsEncoder(urls: urls).encode(try await repository.newsList()))
        cache.store(response, for: Self.listKey, version: version)
        return response.response(to: request)
    }

    @Sendable func story(_ request: Request, context: Context) async throws -> Response {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(exactly: text) else { throw ProblemDetails.unknownStory(text) }
        let key = id.uuidString
        let version = repository.dataVersion
        if let cached = cache.response(for: key, version: version) {
            return cached.response(to: request)
        }
        guard let story = try await repository.story(withID: id) else { throw ProblemDetails.unknownStory(text) }
        let response = Self.json(NewsEncoder(urls: urls).encode(story))
        cache.store(response, for: key, version: version)
        return response.response(to: request)
    }

    private static func json(_ body: ByteBuffer) -> CachedResponse {
        CachedResponse(body: body, contentType: "application/json; charset=utf-8", cacheControl: "no-cache")
    }
}

extension ProblemDetails {
    static func unknownStory(_ id: String) -> ProblemDetails {
        ProblemDetails(
            type: "/essential-feed/problems/unknown-story", title: "Unknown story", status: .notFound,
            detail: "No story has the id \(id.prefix(64)).")
    }
}
