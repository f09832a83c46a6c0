import EssentialFeedWebUI
import Hummingbird

/// The feed opens on the tab the person chose last: the feed screen's script keeps the choice
/// in a cookie (`FeedTab.cookieName`), and the feed's plain address (`/`, no query) leads to
/// Following when that was it. The Everyone tab's own link carries a query, so it always
/// shows Everyone.
struct KeptFeedTabMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, request.uri.path == "/", request.uri.query == nil, Self.keepsFollowing(request) else {
            return try await next(request, context)
        }
        return .redirect(to: ProfileLinks.following, type: .normal)
    }

    private static let keptFollowingTab = "\(FeedTab.cookieName)=\(FeedTab.following.rawValue)"

    private static func keepsFollowing(_ request: Request) -> Bool {
        request.headers[values: .cookie].contains { field in
            field.utf8.split(separator: UInt8(ascii: ";")).contains { pair in
                let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
                let start = pair.drop(while: isSpace)
                guard let last = start.lastIndex(where: { !isSpace($0) }) else { return false }
                return start[...last].elementsEqual(keptFollowingTab.utf8)
            }
        }
    }
}
