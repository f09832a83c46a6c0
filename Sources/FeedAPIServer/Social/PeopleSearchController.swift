import EssentialFeed
import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// Finding people (a token): `GET /v1/people?q=TEXT&limit=N`, those whose username or name
/// holds the text, the closest first, as `{items: [{username, display_name, avatar}]}`; one
/// page, never cached. A search is the searcher's own: never anyone in a block with them.
struct PeopleSearchController<Context: AuthRequestContext<APISession>> {
    let people: any PeopleDirectory
    let urls: PublicURLs

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("people", use: search)
    }

    @Sendable func search(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let query = try PeopleSearchQuery(PeopleSearchQuery.parameters(ofQuery: request.uri.query.map { String($0) } ?? ""))
        let found = try await people.searchPeople(query.text, visibleTo: account.id, limit: query.limit)
        return PeoplePage.response(found, urls: urls, next: nil)
    }
}

/// The validated query of a search for people: `q`, the text as `PeopleSearchText` takes
/// it, and `limit`.
struct PeopleSearchQuery {
    let text: String
    let limit: Int

    init(_ parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) {
        let expectation =
            "1 to \(PeopleSearchText.maximumLength) characters (\(PeopleSearchText.maximumCodePoints) code points) of a name or username, without control characters"
        let page = try PageQuery<String>(parameters, cursor: "q", expecting: expectation) { PeopleSearchText.searched($0) }
        guard let text = page.cursor else { throw .invalidQueryParameter("q", detail: "give the text to search for.") }
        self.text = text
        limit = page.limit
    }

    /// A query's parameters read as a form's: a `+` is a space (as browsers and most HTTP
    /// libraries write one in a query), `%2B` a plus. A value that is not valid percent-encoded
    /// UTF-8 reads as empty, which no search takes.
    static func parameters(ofQuery query: String) -> [(key: Substring, value: Substring)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> Substring {
                Substring(text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "")
            }
            return (key: decoded(parts[0]), value: decoded(parts.count > 1 ? parts[1] : ""))
        }
    }
}
