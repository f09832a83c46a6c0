import EssentialFeedWebUI
import Hummingbird

/// Finds the session the request's cookie names. A cookie that names none (made up, expired,
/// ended, or whose API token was revoked) is removed from the browser.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let sessions: WebSessions

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let cookie = request.cookies[sessions.cookies.sessionName] else { return try await next(request, context) }
        var context = context
        if let found = await sessions.session(forCookie: cookie.value) {
            context.session = await sessions.stillHonoured(found)
        }
        var response = try await next(request, context)
        if let session = context.session, response.headers[OfflineKeeping.header] != nil {
            // What the device keeps of the session must not outlive it.
            response.headers[OfflineKeeping.sessionEndsHeader] = String(Int64((session.expiresAt.timeIntervalSince1970 * 1_000).rounded()))
        }
        if context.session == nil, !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(cookie.name + "=") }) {
            response.setCookie(sessions.cookies.expiredSession())
            // What the browser kept of that session's screens goes with it, offline copies too.
            response.headers[.clearSiteData] = AccountController.clearSiteDataValue
        }
        return response
    }
}

/// What needs a session: without one, a screen sends the browser to log in (and back here
/// afterwards); fragments, images and form posts, which a person does not open themselves,
/// answer `401`.
struct SessionRequiredMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.session == nil else { return try await next(request, context) }
        let path = request.uri.path
        let isScreen =
            (request.method == .get || request.method == .head)
            && !path.hasPrefix("/fragments/") && !path.hasPrefix("/feed-images/") && !path.hasPrefix(ProfileLinks.avatarsPath + "/")
        guard isScreen else {
            throw HTTPError(.unauthorized, message: "Log in first.")
        }
        return .redirect(to: AppPaths.logIn(next: request.uri.description), type: .normal)
    }
}
