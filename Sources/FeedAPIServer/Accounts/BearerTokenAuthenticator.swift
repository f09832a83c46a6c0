import Crypto
import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// Who sent a request on a protected route: the account of its bearer token, the token's
/// hash (log-out ends that one token) and the public id of its session.
package struct APISession: Sendable {
    let account: Account
    let tokenHash: Data
    var sessionID = ""
}

/// The middleware of the protected routes: a request gets through only with a bearer token
/// that names an account and has not expired, and its handler finds that session in the
/// context. Anything else is a `401` that says how to authenticate.
struct BearerTokenAuthenticator<Context: AuthRequestContext<APISession>>: AuthenticatorMiddleware {
    let accounts: any AccountStore
    let now: @Sendable () -> Date

    /// How stale a session's last use may be before a request writes it again: the list of
    /// sessions is told to the minute, and most requests then write nothing.
    static var lastUseResolution: TimeInterval { 60 }

    func authenticate(request: Request, context: Context) async throws -> APISession? {
        try await session(of: request)
    }

    /// The session of the request's bearer token, or the `401` that says what is wrong with it.
    func session(of request: Request) async throws -> APISession {
        guard let token = Self.bearerToken(in: request) else { throw ProblemDetails.authenticationRequired(tokenGiven: false) }
        let tokenHash = Self.hash(of: token)
        let date = now()
        guard let authenticated = try await accounts.authenticatedToken(forHash: tokenHash, now: date) else {
            throw ProblemDetails.authenticationRequired(tokenGiven: true)
        }
        if date.timeIntervalSince(authenticated.session.lastUsedAt) >= Self.lastUseResolution {
            try await accounts.tokenUsed(hash: tokenHash, at: date)
        }
        return APISession(account: authenticated.account, tokenHash: tokenHash, sessionID: authenticated.session.id)
    }

    static func bearerToken(in request: Request) -> String? {
        guard let field = request.headers[.authorization], field.count <= 512 else { return nil }
        let parts = field.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static func hash(of token: String) -> Data {
        SessionIssuer.hash(of: token)
    }
}

/// The middleware of routes anyone may read, which say more to someone logged in: without
/// an `Authorization` field the request goes on as no one's; with one, it must be a valid
/// token (a client that sent one expects to be known, and is told when it is not).
struct OptionalBearerTokenAuthenticator<Context: AuthRequestContext<APISession>>: AuthenticatorMiddleware {
    let required: BearerTokenAuthenticator<Context>

    func authenticate(request: Request, context: Context) async throws -> APISession? {
        guard request.headers[.authorization] != nil else { return nil }
        return try await required.authenticate(request: request, context: context)
    }
}

extension AuthRequestContext<APISession> {
    /// The session the authenticator found; only routes behind it may ask.
    func session() throws -> APISession {
        guard let identity else { throw ProblemDetails.authenticationRequired(tokenGiven: false) }
        return identity
    }
}
