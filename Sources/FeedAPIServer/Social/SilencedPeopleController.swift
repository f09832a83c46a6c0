import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// Whom the token's account keeps away: `GET /v1/me/blocks` and `GET /v1/me/mutes`
/// (`?limit=&after=USERNAME`, by username, `{items: [{username, display_name, avatar}]}`, the
/// next page in `Link`). Each list is its owner's alone.
struct SilencedPeopleController<Context: AuthRequestContext<APISession>> {
    let social: any SocialGraph
    let urls: PublicURLs

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("me/blocks") { try await list(.blocked, request: $0, context: $1) }
        protected.get("me/mutes") { try await list(.muted, request: $0, context: $1) }
    }

    private func list(_ list: SilencedList, request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let query = try PageQuery(people: Array(request.uri.queryParameters))
        let people = try await social.people(list, by: account.id, after: query.cursor, limit: query.limit)
        return PeoplePage.response(people, query: query, path: request.uri.path, urls: urls)
    }
}

/// A page of people as every list of them answers: `{items: [{username, display_name,
/// avatar}]}`, never cached, with a `Link` to the next page when it is full.
enum PeoplePage {
    static func response(_ entries: [FollowListEntry], query: PageQuery<Username>, path: String, urls: PublicURLs) -> Response {
        let next = entries.count == query.limit ? entries.last.map { "\(urls.base)\(path)?limit=\(query.limit)&after=\($0.username)" } : nil
        return response(entries, urls: urls, next: next)
    }

    /// The same with the next page's address, if any.
    static func response(_ entries: [FollowListEntry], urls: PublicURLs, next: String?) -> Response {
        var writer = JSONWriter(capacity: 64 + entries.count * 96)
        writer.object { page in
            page.field("items", array: entries) { writer, entry in
                writer.object { ProfileFields.writeSummary(username: entry.username, name: entry.name, avatar: entry.avatar, urls: urls, to: &$0) }
            }
        }
        var response = Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: writer.buffer))
        if let next {
            response.headers[.link] = "<\(next)>; rel=\"next\""
        }
        return response
    }
}
