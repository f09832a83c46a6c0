import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerSupport
import HTTPTypes
import Hummingbird
import Logging

/// `GET /login`, `POST /login` and `POST /logout`.
///
/// Before anyone is logged in, the form's CSRF token comes from a random nonce in its own
/// cookie; once logged in, from the session's id. Every outcome of a log-in is one screen
/// with one message, the username kept and the password never sent back.
struct AccountController {
    typealias Context = AppRequestContext

    let accounts: AccountService
    let settings: AccountSettingsService
    let sessions: WebSessions
    let assets: WebAssets
    /// Whose `X-Forwarded-For` names the browser's address, which the API throttles log-ins by.
    let trustedProxies: TrustedProxies
    let logger: Logger
    /// Ends the live streams of a session's API token (its tabs' bells and new photos).
    var endEventStreams: @Sendable (_ token: String) -> Void = { _ in }

    func addRoutes(to router: Router<Context>) {
        router.get("/login", use: logInScreen)
        router.post("/login", use: logIn)
        router.get("/session", use: sessionStatus)
        router.post("/logout", use: logOut)
    }

    @Sendable func logInScreen(_ request: Request, context: Context) async throws -> Response {
        let next = request.uri.queryParameters["next"].map(String.init).flatMap(AppPaths.sameOriginPath)
        if context.session != nil { return .redirect(to: next ?? "/", type: .normal) }
        return logInResponse(request, status: .ok, next: next)
    }

    @Sendable func logIn(_ request: Request, context: Context) async throws -> Response {
        let form = try await FormBody(request)
        let next = form["next"].flatMap(AppPaths.sameOriginPath)
        let username = String((form["username"] ?? "").prefix(64))
        guard let nonce = logInNonce(of: request), nonce.isCSRFToken(form[CSRFField.name] ?? "") else {
            return logInResponse(request, status: .forbidden, username: username, error: FormExpired(), next: next)
        }
        let session: Session
        do {
            let fields = try LogInFormError.validated(username: username, password: form["password"] ?? "")
            let browser = AccountSettingsService.Browser(request, context: context, trustedProxies: trustedProxies)
            let code = (form["code"] ?? "").trimmingCharacters(in: .whitespaces)
            session =
                code.isEmpty
                ? try await accounts.logIn(username: fields.username, password: fields.password, from: browser)
                : try await settings.logIn(username: fields.username, password: fields.password, code: String(code.prefix(32)), from: browser)
        } catch {
            let status = Self.status(for: error)
            if status == .serviceUnavailable {
                logger.warning("Could not log in: the API could not be reached", metadata: ["error": "\(error)"])
            }
            return logInResponse(request, status: status, username: username, error: error, next: next)
        }
        do {
            return try await sessions.responseStarting(session, replacing: context.session, accounts: accounts, next: next ?? "/", logger: logger)
        } catch let error as InsufficientStorageError {
            return logInResponse(request, status: .insufficientStorage, username: username, error: error, next: next)
        }
    }

    /// Ends the app's session first, so the person is logged out even when the API cannot
    /// be reached to revoke the token. Without a session there is nothing to end.
    /// The browser's copies of the person's pages, and everything kept for reading offline
    /// (caches, stored drafts, the service worker).
    static let clearSiteDataValue = "\"cache\", \"storage\""

    @Sendable func logOut(_ request: Request, context: Context) async throws -> Response {
        guard let session = context.session else { return .redirect(to: AppPaths.logIn(), type: .normal) }
        let form = try await FormBody(request)
        guard session.secrets.isCSRFToken(form[CSRFField.name] ?? "") else { return .refused(request, assets: assets.links) }
        try await sessions.end(session)
        await accounts.logOut(token: session.apiToken)
        endEventStreams(session.apiToken)
        logger.info("Logged out", metadata: ["username": "\(session.user.username)"])
        var response = Response.redirect(to: AppPaths.logIn(), type: .normal)
        response.setCookie(sessions.cookies.expiredSession())
        // The browser forgets its copies of the person's pages, so Back shows nothing of them.
        response.headers[.clearSiteData] = Self.clearSiteDataValue
        return response
    }

    /// `204` while the request's session holds, `401` once it ended: a page the browser
    /// restores from its back-forward cache asks before showing anything more.
    @Sendable func sessionStatus(_ request: Request, context: Context) async throws -> Response {
        Response(status: context.session == nil ? .unauthorized : .noContent, headers: [.cacheControl: "no-store"])
    }

    private func logInNonce(of request: Request) -> SessionSecrets? {
        sessions.logInNonce(of: request)
    }

    /// The screen with a fresh nonce when the browser has none (or a broken one).
    private func logInResponse(
        _ request: Request, status: HTTPResponse.Status, username: String = "", error: (any Error)? = nil, next: String?
    ) -> Response {
        let reader = request.readerLanguage
        let locale = reader.locale
        let existing = logInNonce(of: request)
        let nonce = existing ?? SessionSecrets.random()
        let message = error.map { $0 is FormExpired ? AccountsStrings.formExpired.localized(in: locale) : LogInPresenter.errorMessage(for: $0, locale: locale) }
        let refusal = (error as? AccountRefusal)?.reason
        let asksForCode = refusal == .totpRequired || refusal == .invalidTOTP
        // The code's turn is the next step of logging in, not a mistake.
        let notice =
            refusal == .totpRequired
            ? message
            : request.uri.queryParameters["password"] == "set" && error == nil ? AccountSettingsStrings.resetDone.localized(in: locale) : nil
        let screen = LogInScreen(
            locale: locale, language: reader.tag, csrfToken: nonce.csrfToken, username: username,
            errorMessage: refusal == .totpRequired ? nil : message, next: next, asksForCode: asksForCode, notice: notice, assets: assets.links)
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.vary] = "Accept-Language"
        if case let SessionMapper.Error.tooManyAttempts(retryAfter?)? = error {
            headers[.retryAfter] = String(Int(retryAfter.rounded(.up)))
        }
        var response = Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: screen.html)))
        if existing == nil {
            response.setCookie(sessions.cookies.logInNonce(nonce.id))
        }
        return response
    }

    private static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case SessionMapper.Error.invalidCredentials, is AccountRefusal: .unauthorized
        case SessionMapper.Error.tooManyAttempts: .tooManyRequests
        case is LogInFormError, is OverlongPasswordError: .badRequest
        case is InsufficientStorageError: .insufficientStorage
        default:
            .serviceUnavailable
        }
    }

    private struct FormExpired: Error {}
}

extension HTTPField.Name {
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
}

extension HTTPResponse.Status {
    /// `507`: no room to keep what was sent, at the API or the app.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
