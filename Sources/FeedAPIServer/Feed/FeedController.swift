import FeedAPIStorage
import Foundation
import Hummingbird

/// `GET /essential-feed/v1/feed?limit=N&after_id=UUID`: one page of the feed.
///
/// Pages are served from a cache of encoded bodies that is emptied whenever the data
/// changes, so a page is read and encoded once per data version, not once per request.
/// The cache is keyed by the raw query string: a query found there was valid when it was
/// stored, so a repeated request skips parsing too.
struct FeedController<Context: RequestContext>: Sendable {
    let repository: any FeedReading
    let urls: PublicURLs
    let cache: ResponseCache<String>
    /// The reader of a request with a token: such a request is answered for its reader (without
    /// those they do not hear from), never from the cache.
    var reader: (@Sendable (Request) async throws -> Int64?)? = nil
    /// Which of a page's items a reader likes.
    var likedItems: (@Sendable (Int64, [UUID]) async throws -> Set<UUID>)? = nil

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("feed", use: page)
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        if let reader, request.headers[.authorization] != nil, let readerID = try await reader(request) {
            return try await readersPage(request, readerID: readerID)
        }
        let rawQuery = request.uri.query ?? ""
        let version = repository.dataVersion
        if let cached = cache.response(for: rawQuery, version: version) {
            return cached.response(to: request)
        }
        let query = try FeedPageQuery(parameters: Array(request.uri.queryParameters))
        let items: [FeedItem]
        do {
            items = try await repository.feedPage(after: query.afterID, limit: query.limit)
        } catch FeedRepositoryError.unknownFeedItem(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        }
        var headers: HTTPFields = [:]
        if items.count == query.limit, let last = items.last {
            headers[.link] = "<\(urls.feedPage(after: last.id, limit: query.limit))>; rel=\"next\""
        }
        let response = CachedResponse(
            body: FeedPageEncoder(urls: urls).encode(items), contentType: "application/json; charset=utf-8",
            cacheControl: "no-cache", extraHeaders: headers)
        cache.store(response, for: rawQuery, version: version)
        return response.response(to: request)
    }

    /// The page as its reader sees it, with whether they like each item.
    private func readersPage(_ request: Request, readerID: Int64) async throws -> Response {
        let query = try FeedPageQuery(parameters: Array(request.uri.queryParameters))
        let items: [FeedItem]
        do {
            items = try await repository.feedPage(after: query.afterID, limit: query.limit, readerID: readerID)
        } catch FeedRepositoryError.unknownFeedItem(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        }
        let liked = try await likedItems?(readerID, items.map(\.id))
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "private, no-cache"]
        if items.count == query.limit, let last = items.last {
            headers[.link] = "<\(urls.feedPage(after: last.id, limit: query.limit))>; rel=\"next\""
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: FeedPageEncoder(urls: urls, likedItems: liked).encode(items)))
    }
}
