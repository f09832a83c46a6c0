import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerSupport
import Hummingbird
import Logging

/// Joining (`/join/{code}`, `/join` when anyone may) and setting a forgotten password from the
/// operator's link (`/reset-password/{code}`). Before anyone is logged in the forms' CSRF
/// token comes from the log-in nonce, as the log-in form's does. A new account goes straight
/// to the feed, logged in.
struct JoiningController {
    typealias Context = AppRequestContext

    let settings: AccountSettingsService
    let accounts: AccountService
    let sessions: WebSessions
    let assets: WebAssets
    let trustedProxies: TrustedProxies
    let logger: Logger

    /// An invitation's or a reset link's code, as the API makes them.
    private static let maximumCodeLength = 128

    func addRoutes(to router: Router<Context>) {
        router.get("/join", use: joinScreen)
        router.post("/join", use: join)
        router.get("/join/{code}", use: joinScreen)
        router.post("/join/{code}", use: join)
        router.get("/reset-password/{code}", use: resetScreen)
        router.post("/reset-password/{code}", use: reset)
    }

    @Sendable func joinScreen(_ request: Request, context: Context) async throws -> Response {
        if context.session != nil { return .redirect(to: "/", type: .normal) }
        let code = try Self.code(context)
        let refusal: (any Error)?
        do {
            if let code {
                try await settings.checkInvitation(code)
            } else if try await settings.registrationMode() != "open" {
                throw AccountRefusal(.invitationRequired)
            }
            refusal = nil
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            refusal = error
        }
        return joinResponse(request, code: code, refusal: refusal)
    }

    @Sendable func join(_ request: Request, context: Context) async throws -> Response {
        let code = try Self.code(context)
        let form = try await FormBody(request)
        var draft = JoinDraft(username: String((form["username"] ?? "").prefix(64)), displayName: String((form["display_name"] ?? "").prefix(100)))
        guard let nonce = sessions.logInNonce(of: request), nonce.isCSRFToken(form[CSRFField.name] ?? "") else {
            draft.errorMessage = AccountsStrings.formExpired.localized(in: request.readerLanguage.locale)
            return joinResponse(request, code: code, draft: draft, status: .forbidden)
        }
        let password = form["password"] ?? ""
        let session: Session
        do {
            let username = try NewAccountRules.username(draft.username.trimmingCharacters(in: .whitespaces))
            try NewAccountRules.password(password)
            let displayName = draft.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
            session = try await settings.register(
                username: username, password: password, displayName: displayName.isEmpty ? nil : displayName, invite: code,
                from: .init(request, context: context, trustedProxies: trustedProxies))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Self.status(for: error) == .serviceUnavailable { logger.warning("Could not join: the API could not be reached", metadata: ["error": "\(error)"]) }
            draft.errorMessage = AccountSettingsPresenter.errorMessage(for: error, locale: request.readerLanguage.locale)
            return joinResponse(request, code: code, draft: draft, status: Self.status(for: error))
        }
        logger.info("Joined", metadata: ["username": "\(session.user.username)", "invited": "\(code != nil)"])
        do {
            // A newcomer follows nobody yet: the Following tab's empty state says who to follow.
            return try await sessions.responseStarting(
                session, replacing: context.session, accounts: accounts, next: ProfileLinks.following, logger: logger)
        } catch let error as InsufficientStorageError {
            draft.errorMessage = AccountSettingsPresenter.errorMessage(for: error, locale: request.readerLanguage.locale)
            return joinResponse(request, code: code, draft: draft, status: .insufficientStorage)
        }
    }

    @Sendable func resetScreen(_ request: Request, context: Context) async throws -> Response {
        guard let code = try Self.code(context) else { throw HTTPError(.notFound) }
        return resetResponse(request, code: code)
    }

    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        guard let code = try Self.code(context) else { throw HTTPError(.notFound) }
        let form = try await FormBody(request)
        let locale = request.readerLanguage.locale
        guard let nonce = sessions.logInNonce(of: request), nonce.isCSRFToken(form[CSRFField.name] ?? "") else {
            return resetResponse(request, code: code, error: AccountsStrings.formExpired.localized(in: locale), status: .forbidden)
        }
        do {
            try await settings.resetPassword(code: code, newPassword: try AccountSettingsPresenter.validatedNewPassword(form["new_password"] ?? ""))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return resetResponse(request, code: code, error: AccountSettingsPresenter.errorMessage(for: error, locale: locale), status: Self.status(for: error))
        }
        if let previous = context.session {
            // Every session of the account ended at the API; this browser's may have been one,
            // or someone else's, who is logged out here as everywhere.
            try await sessions.end(previous)
            await accounts.logOut(token: previous.apiToken)
        }
        logger.info("A password was set from a reset link")
        var response = Response.redirect(to: "/login?password=set", type: .normal)
        response.setCookie(sessions.cookies.expiredSession())
        return response
    }

    // MARK: - Helpers

    /// The path's code, when it has one; a code no server makes is a `404`.
    private static func code(_ context: Context) throws -> String? {
        guard let code = context.parameters.get("code") else { return nil }
        guard (1...maximumCodeLength).contains(code.utf8.count),
            code.utf8.allSatisfy({ $0 < 0x80 && ($0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber) })
        else { throw HTTPError(.notFound) }
        return code
    }

    private func joinResponse(
        _ request: Request, code: String?, draft: JoinDraft = JoinDraft(), refusal: (any Error)? = nil, status: HTTPResponse.Status? = nil
    ) -> Response {
        let reader = request.readerLanguage
        return withNonce(request) { nonce in
            let screen = JoinScreen(
                locale: reader.locale, language: reader.tag, csrfToken: nonce.csrfToken, code: code, draft: draft,
                refusal: refusal.map { AccountSettingsPresenter.errorMessage(for: $0, locale: reader.locale) }, assets: assets.links)
            return (screen.html, status ?? (refusal.map(Self.status(for:)) ?? .ok))
        }
    }

    private func resetResponse(_ request: Request, code: String, error: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        let reader = request.readerLanguage
        return withNonce(request) { nonce in
            let screen = ResetPasswordScreen(
                locale: reader.locale, language: reader.tag, csrfToken: nonce.csrfToken, code: code, errorMessage: error, assets: assets.links)
            return (screen.html, status)
        }
    }

    /// A screen of a form sent before logging in, with a fresh nonce when the browser has none.
    private func withNonce(_ request: Request, _ screen: (SessionSecrets) -> (html: String, status: HTTPResponse.Status)) -> Response {
        let existing = sessions.logInNonce(of: request)
        let nonce = existing ?? SessionSecrets.random()
        let (html, status) = screen(nonce)
        var response = Response.html(html, status: status)
        response.headers[.cacheControl] = "no-store"
        response.headers[.vary] = "Accept-Language"
        if existing == nil { response.setCookie(sessions.cookies.logInNonce(nonce.id)) }
        return response
    }

    static func status(for error: any Error) -> HTTPResponse.Status {
        switch error {
        case let refusal as AccountRefusal:
            switch refusal.reason {
            case .registrationClosed, .invitationRequired, .invitationUnknown, .invitationExpired, .invitationUsedUp, .invalidResetLink, .wrongPassword,
                .memberInvitesOff:
                .forbidden
            case .usernameTaken: .conflict
            case .tooManyRegistrations, .tooManyAttempts: .tooManyRequests
            default: .badRequest
            }
        case is NewAccountError: .badRequest
        case is InsufficientStorageError: .insufficientStorage
        default: .serviceUnavailable
        }
    }
}
