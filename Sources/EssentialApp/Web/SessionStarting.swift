import EssentialFeed
import EssentialFeedWebUI
import HTTPServerSupport
import Hummingbird
import Logging

extension WebSessions {
    /// Keeps the API's new session for the browser, in place of the one it had: the answer
    /// sets its cookie and sends the browser to `next`.
    /// - Throws: `InsufficientStorageError` when the app has no room to keep it (the API's
    ///   token is revoked then); `CancellationError` when the browser went away first.
    func responseStarting(_ session: Session, replacing previous: ActiveSession?, accounts: AccountService, next: String, logger: Logger) async throws
        -> Response
    {
        guard !Task.isCancelled else {
            // The browser went away before it could get the session: nobody holds its token.
            // Revoked from a task of its own, which this request's cancellation does not reach.
            Task { await accounts.logOut(token: session.token) }
            throw CancellationError()
        }
        if let previous {
            try await end(previous)
            await accounts.logOut(token: previous.apiToken)
        }
        let started: ActiveSession
        let maxAge: Int
        do {
            (started, maxAge) = try await start(for: session)
        } catch let error as InsufficientStorageError {
            logger.error("Could not keep a session: the app's disk is full")
            await accounts.logOut(token: session.token)
            throw error
        } catch {
            await accounts.logOut(token: session.token)
            throw error
        }
        logger.info("Logged in", metadata: ["username": "\(session.user.username)"])
        var response = Response.redirect(to: next, type: .normal)
        response.setCookie(cookies.session(started.secrets.id, maxAge: maxAge))
        response.setCookie(cookies.expiredLogInNonce())
        return response
    }

    /// The random nonce that stands for a session before there is one (log-in, joining, a
    /// reset link): the forms' CSRF token is derived from it.
    func logInNonce(of request: Request) -> SessionSecrets? {
        request.cookies[cookies.logInNonceName].flatMap { SessionSecrets(id: $0.value) }
    }
}

extension AccountSettingsService.Browser {
    init(_ request: Request, context: AppRequestContext, trustedProxies: TrustedProxies) {
        self.init(
            address: trustedProxies.clientAddress(peer: context.remoteAddress, forwardedFor: request.headers[values: .xForwardedFor]),
            description: request.headers[.userAgent] ?? "")
    }
}
