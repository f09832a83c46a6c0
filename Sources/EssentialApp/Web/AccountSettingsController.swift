import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import QRCodes

/// `/settings/account`: one's password, sessions, second factor and invitations. Every form
/// works without scripts and carries the session's CSRF token; what a form did is said on the
/// screen it leads back to. When the API no longer knows the session, it ends here too.
struct AccountSettingsController {
    typealias Context = AppRequestContext

    let settings: AccountSettingsService
    let accounts: AccountService
    let sessions: WebSessions
    let assets: WebAssets
    /// The base of the invitation links the screen hands out; the request's own host without it.
    let publicURL: URL?
    let logger: Logger

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(AccountSettingsScreen.screenURL), use: screen)
        protected.post(RouterPath(AccountSettingsScreen.passwordURL), use: changePassword)
        protected.post(RouterPath(AccountSettingsScreen.endAllSessionsURL), use: endAllSessions)
        protected.post("/settings/account/sessions/{id}/end", use: endSession)
        protected.post(RouterPath(AccountSettingsScreen.twoFactorSetupURL), use: beginTwoFactors)
        protected.post(RouterPath(AccountSettingsScreen.twoFactorConfirmURL), use: confirmTwoFactors)
        protected.post(RouterPath(AccountSettingsScreen.twoFactorOffURL), use: endTwoFactors)
        protected.post(RouterPath(AccountSettingsScreen.invitationsURL), use: createInvitation)
        protected.post(RouterPath(AccountSettingsScreen.privacyURL), use: changePrivacy)
        protected.post("/settings/account/invitations/{id}/withdraw", use: withdrawInvitation)
    }

    /// What a form that leads back to the screen did, by the `done` of its address.
    private enum Done: String {
        case password
        case sessionEnded = "session-ended"
        case twoFactorOff = "two-factor-off"
        case withdrawn
        case privacy

        func notice(in locale: Locale) -> String? {
            switch self {
            case .privacy: PrivacyStrings.saved.localized(in: locale)
            case .password: AccountSettingsStrings.passwordChanged.localized(in: locale)
            case .sessionEnded: AccountSettingsStrings.sessionEnded.localized(in: locale)
            case .twoFactorOff: AccountSettingsStrings.twoFactorOff.localized(in: locale)
            case .withdrawn: nil
            }
        }
    }

    @Sendable func screen(_ request: Request, context: Context) async throws -> Response {
        let done = request.uri.queryParameters["done"].flatMap { Done(rawValue: String($0)) }
        return try await render(request, context: context) { $0.notice = done?.notice(in: request.readerLanguage.locale) }
    }

    @Sendable func changePassword(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { form, session in
            let new = try AccountSettingsPresenter.validatedNewPassword(form["new_password"] ?? "")
            try await settings.perform(.changePassword(current: form["current_password"] ?? "", new: new), token: session.apiToken)
            return .redirect(to: AccountSettingsScreen.screenURL + "?done=password", type: .normal)
        } refused: { error, state in
            state.passwordError = error
        }
    }

    /// An unticked box sends nothing: the form always says both.
    @Sendable func changePrivacy(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { form, session in
            guard let visibility = FeedImageVisibility(rawValue: form["default_visibility"] ?? "") else {
                // Only a form not made by this screen sends anything else.
                return try await render(request, context: context, status: .badRequest) {
                    $0.notice = PrivacyStrings.failed.localized(in: request.readerLanguage.locale)
                }
            }
            try await settings.updatePrivacy(isLocked: form["locked"] == "on", defaultVisibility: visibility, token: session.apiToken)
            return .redirect(to: AccountSettingsScreen.screenURL + "?done=privacy", type: .normal)
        } refused: { error, state in
            state.notice = error
        }
    }

    @Sendable func endSession(_ request: Request, context: Context) async throws -> Response {
        try await removing(.endSession(id: context.parameters.get("id") ?? ""), goneAlready: .unknownSession, done: .sessionEnded, request, context) {
            $1.notice = $0
        }
    }

    /// Every session of the account ends, this one too: the browser goes to log in, and
    /// forgets what it kept of the person's pages.
    @Sendable func endAllSessions(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { _, session in
            try await settings.perform(.endAllSessions, token: session.apiToken)
            try await sessions.end(session)
            logger.info("Logged out everywhere", metadata: ["username": "\(session.user.username)"])
            var response = Response.redirect(to: AppPaths.logIn(), type: .normal)
            response.setCookie(sessions.cookies.expiredSession())
            response.headers[.clearSiteData] = AccountController.clearSiteDataValue
            return response
        } refused: { error, state in
            state.notice = error
        }
    }

    @Sendable func beginTwoFactors(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { _, session in
            let setup = try await settings.beginTwoFactors(token: session.apiToken)
            return try await render(request, context: context, status: .ok) { $0.step = Self.setupStep(setup) }
        } refused: { error, state in
            state.twoFactorError = error
        }
    }

    /// The secret travels back with the code (it is the person's, on their own page), so a
    /// mistyped code shows the same QR code again, still pending at the API.
    @Sendable func confirmTwoFactors(_ request: Request, context: Context) async throws -> Response {
        var setup: TwoFactorSetup?
        return try await acting(request, context: context) { form, session in
            setup = Self.pendingSetup(form)
            let codes = try await settings.confirmTwoFactors(code: (form["code"] ?? "").trimmingCharacters(in: .whitespaces), token: session.apiToken)
            logger.info("Two factors turned on", metadata: ["username": "\(session.user.username)"])
            return try await render(request, context: context, status: .ok) { $0.step = .recoveryCodes(codes) }
        } refused: { error, state in
            state.twoFactorError = error
            if let setup { state.step = Self.setupStep(setup) }
        }
    }

    @Sendable func endTwoFactors(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { form, session in
            try await settings.perform(.endTwoFactors(password: form["password"] ?? ""), token: session.apiToken)
            return .redirect(to: AccountSettingsScreen.screenURL + "?done=two-factor-off", type: .normal)
        } refused: { error, state in
            state.twoFactorError = error
        }
    }

    @Sendable func createInvitation(_ request: Request, context: Context) async throws -> Response {
        try await acting(request, context: context) { form, session in
            guard let uses = Int(form["uses"] ?? ""), let days = Int(form["days"] ?? "") else { throw AccountRefusal(.invalidInvitation) }
            let code = try await settings.createInvitation(uses: uses, days: days, token: session.apiToken)
            let link = invitationBase(request) + JoinScreen.path(code: code)
            return try await render(request, context: context, status: .created) { $0.createdInvitationLink = link }
        } refused: { error, state in
            state.invitationError = error
        }
    }

    @Sendable func withdrawInvitation(_ request: Request, context: Context) async throws -> Response {
        try await removing(
            .withdrawInvitation(id: context.parameters.get("id") ?? ""), goneAlready: .unknownInvitation, done: .withdrawn, request, context
        ) { $1.invitationError = $0 }
    }

    // MARK: - Helpers

    /// Ends a session or withdraws an invitation; one that is gone already (from another tab)
    /// is what the person wanted all the same.
    private func removing(
        _ endpoint: AccountSettingsEndpoint, goneAlready: AccountRefusal.Reason, done: Done, _ request: Request, _ context: Context,
        refused: (String, inout AccountSettingsState) -> Void
    ) async throws -> Response {
        try await acting(request, context: context) { _, session in
            do {
                try await settings.perform(endpoint, token: session.apiToken)
            } catch let refusal as AccountRefusal where refusal.reason == goneAlready {
                logger.info("Removed already", metadata: ["what": "\(goneAlready.rawValue)"])
            }
            return .redirect(to: AccountSettingsScreen.screenURL + "?done=\(done.rawValue)", type: .normal)
        } refused: { error, state in
            refused(error, &state)
        }
    }

    /// A form of the screen: its CSRF token checked, then `act`; a refusal shows the screen
    /// again with why (`refused` puts it where it belongs); a session the API no longer knows
    /// ends, and the browser goes to log in.
    private func acting(
        _ request: Request, context: Context, _ act: (FormBody, ActiveSession) async throws -> Response,
        refused: (String, inout AccountSettingsState) -> Void
    ) async throws -> Response {
        try await sessions.acting(
            on: request, context: context, assets: assets.links, next: AccountSettingsScreen.screenURL,
            isAuthenticationRequired: Self.isAuthenticationRequired, act
        ) { error in
            if JoiningController.status(for: error) == .serviceUnavailable {
                logger.warning("An account setting could not be changed", metadata: ["error": "\(error)"])
            }
            let message = AccountSettingsPresenter.errorMessage(for: error, locale: request.readerLanguage.locale)
            return try await render(request, context: context, status: JoiningController.status(for: error)) { refused(message, &$0) }
        }
    }

    /// The screen as the API has the account now, changed by `adjust`.
    private func render(
        _ request: Request, context: Context, status: HTTPResponse.Status = .ok, _ adjust: (inout AccountSettingsState) -> Void
    ) async throws -> Response {
        guard let session = context.session, let account = context.signedInAccount else { throw HTTPError(.unauthorized) }
        let language = request.readerLanguage
        var state: AccountSettingsState
        var answered = status
        do {
            state = try await sessions.endingOnAuthenticationRequired(session, isAuthenticationRequired: Self.isAuthenticationRequired) {
                let status = try await settings.status(token: session.apiToken)
                async let listed = settings.sessions(token: session.apiToken)
                let invitations = status.canInvite ? try await settings.invitations(token: session.apiToken) : []
                return AccountSettingsState(status: status, sessions: try await listed, invitations: invitations)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where Self.isAuthenticationRequired(error) {
            return .redirect(to: AppPaths.logIn(next: AccountSettingsScreen.screenURL), type: .normal)
        } catch {
            logger.warning("Could not load the account's settings", metadata: ["error": "\(error)"])
            state = AccountSettingsState(
                status: AccountStatus(hasTwoFactors: false, canInvite: false),
                notice: AccountSettingsPresenter.errorMessage(for: error, locale: language.locale))
            answered = .badGateway
        }
        adjust(&state)
        let screen = AccountSettingsScreen(locale: language.locale, language: language.tag, assets: assets.links, account: account, state: state)
        var response = Response.html(screen.html, status: answered)
        // Secrets, recovery codes and invitation links are shown once: never kept by the browser.
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private static func isAuthenticationRequired(_ error: any Error) -> Bool {
        (error as? AccountRefusal)?.reason == .authenticationRequired
    }

    private static func setupStep(_ setup: TwoFactorSetup) -> AccountSettingsState.Step {
        let code = QRCode(setup.uri)
        return .twoFactorSetup(setup, qrModules: code?.modules ?? [], qrSize: code?.size ?? 0)
    }

    /// The setup the confirm form carried back, when it is one the API could have made.
    private static func pendingSetup(_ form: FormBody) -> TwoFactorSetup? {
        guard let secret = form["secret"], let uri = form["uri"], (16...64).contains(secret.count), uri.count <= 512, uri.hasPrefix("otpauth://totp/"),
            secret.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
        else { return nil }
        return TwoFactorSetup(secret: secret, uri: uri)
    }

    private func invitationBase(_ request: Request) -> String {
        if let publicURL { return publicURL.absoluteString.hasSuffix("/") ? String(publicURL.absoluteString.dropLast()) : publicURL.absoluteString }
        return "http://" + (request.head.authority ?? "localhost")
    }
}
