import Crypto
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth
import NIOCore

/// Log-in, log-out and who is logged in: `POST /v1/sessions`, `DELETE /v1/sessions/current`,
/// `GET /v1/me`. Tokens are 256 random bits, handed out once and kept only as their SHA-256.
struct SessionsController<Context: AuthRequestContext<APISession>> {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let throttle: LogInThrottle
    /// Whose `X-Forwarded-For` names the client a log-in is throttled by.
    let trustedProxies: TrustedProxies
    let now: @Sendable () -> Date
    /// Where a person's picture is read from, when the API keeps profiles.
    var social: (any SocialGraph)? = nil
    var urls = PublicURLs(base: "")
    /// Whether members create invitations (`GET /v1/me` says so).
    var memberInvites = false
    /// Who is suspended (refused at log-in) and each account's role (`GET /v1/me` says it).
    var moderation: (any ModerationStore)? = nil

    static var tokenLifetime: TimeInterval { SessionIssuer.tokenLifetime }
    /// A log-in body is three short strings; anything much larger is not one.
    static var maximumBodySize: Int { 4_096 }

    private var issuer: SessionIssuer { SessionIssuer(accounts: accounts, social: social, urls: urls) }

    /// Log-in on `group`; log-out and who is logged in on `protected`, behind `BearerTokenAuthenticator`.
    func addRoutes(to group: RouterGroup<Context>, protected: RouterGroup<Context>) {
        group.post("sessions", use: logIn)
        protected.delete("sessions/current", use: logOut)
        protected.get("me", use: me)
    }

    @Sendable func logIn(_ request: Request, context: Context) async throws -> Response {
        let credentials = try await JSONRequestBody.decode(LogInBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let attemptedAt = now()
        let gate = PasswordGate(accounts: accounts, hasher: hasher, throttle: throttle, trustedProxies: trustedProxies)
        // A failed attempt is already counted: it was counted when it was let through.
        let (account, attempt) = try await gate.verified(
            username: credentials.username, password: credentials.password, request: request, context: context, at: attemptedAt)
        switch try await SecondFactor(accounts: accounts).check(credentials.code, for: account, at: attemptedAt) {
        case .passed: break
        case .missing:
            try await accounts.forgetLogInAttempt(attempt)
            throw ProblemDetails.totpRequired
        case .wrong: throw ProblemDetails.invalidTOTP
        }
        // Told only to whoever knows the password: a suspension is not public.
        if let suspension = try await moderation?.suspension(of: account.username) {
            try await accounts.forgetLogInAttempt(attempt)
            throw ProblemDetails.accountSuspended(suspension)
        }
        try await accounts.logInSucceeded(attempt)
        return try await issuer.response(issuingFor: account, request: request, at: attemptedAt)
    }

    @Sendable func logOut(_ request: Request, context: Context) async throws -> Response {
        try await accounts.deleteToken(hash: try context.session().tokenHash)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    @Sendable func me(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let issuer = issuer
        let avatar = try await issuer.avatar(of: account)
        let twoFactors = try await accounts.twoFactorState(accountID: account.id).isOn
        let unread = try await social?.unreadNotificationCount(of: account.id)
        let role = try await moderation?.role(of: account.id)
        let privacy = try await social?.privacySettings(of: account.id)
        let requests = try await social?.followRequestCount(to: account.id)
        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            issuer.writeUser(account, avatar: avatar, to: &object)
            object.field("two_factor", twoFactors)
            object.field("can_invite", memberInvites)
            if let unread { object.field("unread_notifications", unread) }
            if let role { object.field("role", role.rawValue) }
            if let privacy {
                object.field("locked", privacy.locked)
                object.field("default_visibility", privacy.defaultVisibility.rawValue)
            }
            if let requests { object.field("follow_requests", requests) }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }
}

/// A password checked as a log-in checks it: let through by the throttle first (counted at
/// once), then verified, every way of failing answered alike.
struct PasswordGate: Sendable {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let throttle: LogInThrottle
    let trustedProxies: TrustedProxies

    /// The account and the attempt, still counted: the caller says when it succeeded.
    func verified(
        username: String, password: String, request: Request, context: some RequestContext, at date: Date
    ) async throws -> (Account, LogInAttempt) {
        let clientAddress = trustedProxies.clientAddress(
            peer: (context as? any RemoteAddressRequestContext)?.remoteAddress, forwardedFor: request.headers[values: .xForwardedFor])
        let attempt: LogInAttempt
        switch try await accounts.admitLogInAttempt(
            username: String(username.lowercased().prefix(64)), clientAddress: clientAddress, at: date, throttle: throttle)
        {
        case .admitted(let admitted):
            attempt = admitted
        case .throttled(let retryDate):
            throw ProblemDetails.tooManyLogIns(retryAfter: max(1, Int(retryDate.timeIntervalSince(date).rounded(.up))))
        }
        let account = try await Username(username).asyncFlatMap { try await accounts.account(named: $0) }
        guard try await hasher.verify(password, against: account?.passwordHash), let account else {
            throw ProblemDetails.invalidCredentials
        }
        return (account, attempt)
    }
}

private extension Optional {
    func asyncFlatMap<Result>(_ transform: (Wrapped) async throws -> Result?) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// The body of a log-in, as a client sends it.
package struct LogInBody: Decodable, Sendable {
    package let username: String
    package let password: String
    /// A current TOTP code or a recovery code, for an account with two factors.
    package var code: String? = nil

    /// Whether it could name an account and be checked: a username of the allowed form, and
    /// a password bcrypt reads whole.
    package var isCheckable: Bool {
        Username(username) != nil && PasswordPolicy.isVerifiable(password)
    }
}

extension ProblemDetails {
    private static let accountTypeBase = "/essential-feed/problems/"

    /// The same answer, whatever was wrong: the username, the password, or both.
    static let invalidCredentials = ProblemDetails(
        type: accountTypeBase + "invalid-credentials", title: "Invalid credentials",
        status: .unauthorized, detail: "The username or the password is not right.")

    static let bodyCutShort = ProblemDetails(
        type: accountTypeBase + "invalid-body", title: "Invalid body",
        status: .badRequest, detail: "The body ended before its announced length.", headers: [.connection: "close"])

    static let invalidBody = ProblemDetails(
        type: accountTypeBase + "invalid-body", title: "Invalid body",
        status: .badRequest, detail: "The body must be a JSON object with the fields this address takes.")

    /// The password was right, but a moderator suspended the account.
    static func accountSuspended(_ suspension: Suspension) -> ProblemDetails {
        ProblemDetails(
            type: accountTypeBase + "account-suspended", title: "Account suspended", status: .forbidden,
            detail: "This account is suspended" + (suspension.reason.isEmpty ? "." : ": \(suspension.reason)"))
    }

    /// The password was right; the account wants its second factor too.
    static let totpRequired = ProblemDetails(
        type: accountTypeBase + "totp-required", title: "Two-factor code required",
        status: .unauthorized, detail: "This account has two factors: send `code`, a current code of its authenticator app or a recovery code.")

    static let invalidTOTP = ProblemDetails(
        type: accountTypeBase + "invalid-totp", title: "Invalid two-factor code",
        status: .unauthorized, detail: "The code is not right, or was used already: send the current code of the authenticator app, or an unused recovery code.")

    static func tooManyLogIns(retryAfter seconds: Int) -> ProblemDetails {
        ProblemDetails(
            type: accountTypeBase + "too-many-log-ins", title: "Too many log-ins",
            status: .tooManyRequests,
            detail: "Too many log-ins that failed for this username; try again in \(seconds) seconds.",
            headers: [.retryAfter: String(seconds)])
    }

    static func authenticationRequired(tokenGiven: Bool) -> ProblemDetails {
        ProblemDetails(
            type: accountTypeBase + "authentication-required", title: "Authentication required",
            status: .unauthorized,
            detail: tokenGiven ? "The token is not valid: it expired or was revoked." : "This address needs `Authorization: Bearer <token>`.",
            headers: [.wwwAuthenticate: tokenGiven ? "Bearer error=\"invalid_token\"" : "Bearer"])
    }
}
