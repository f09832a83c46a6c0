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

    static var tokenLifetime: TimeInterval { 30 * 86_400 }
    /// A log-in body is two short strings; anything much larger is not one.
    static var maximumBodySize: Int { 4_096 }

    /// Log-in on `group`; log-out and who is logged in on `protected`, behind `BearerTokenAuthenticator`.
    func addRoutes(to group: RouterGroup<Context>, protected: RouterGroup<Context>) {
        group.post("sessions", use: logIn)
        protected.delete("sessions/current", use: logOut)
        protected.get("me", use: me)
    }

    @Sendable func logIn(_ request: Request, context: Context) async throws -> Response {
        let credentials = try await JSONRequestBody.decode(LogInBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let attemptedAt = now()
        let clientAddress = trustedProxies.clientAddress(
            peer: (context as? any RemoteAddressRequestContext)?.remoteAddress, forwardedFor: request.headers[values: .xForwardedFor])
        let attempt: LogInAttempt
        switch try await accounts.admitLogInAttempt(
            username: String(credentials.username.lowercased().prefix(64)), clientAddress: clientAddress, at: attemptedAt, throttle: throttle)
        {
        case .admitted(let admitted):
            attempt = admitted
        case .throttled(let retryDate):
            throw ProblemDetails.tooManyLogIns(retryAfter: max(1, Int(retryDate.timeIntervalSince(attemptedAt).rounded(.up))))
        }
        let account = try await Username(credentials.username).asyncFlatMap { try await accounts.account(named: $0) }
        // A failed attempt is already counted: it was counted when it was let through.
        guard try await hasher.verify(credentials.password, against: account?.passwordHash), let account else {
            throw ProblemDetails.invalidCredentials
        }
        try await accounts.logInSucceeded(attempt)
        // A client that went away while its password was checked never gets a token.
        try Task.checkCancellation()
        let token = Self.newToken()
        let expiresAt = attemptedAt.addingTimeInterval(Self.tokenLifetime)
        try await accounts.insertToken(hash: BearerTokenAuthenticator<Context>.hash(of: token), accountID: account.id, createdAt: attemptedAt, expiresAt: expiresAt)
        let avatar = try await avatar(of: account)

        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            object.field("token", token)
            object.field("expires_at", APIDateFormat.string(from: expiresAt))
            object.field("user") { writeUser(account, avatar: avatar, to: &$0) }
        }
        return Self.json(writer.buffer, status: .created)
    }

    @Sendable func logOut(_ request: Request, context: Context) async throws -> Response {
        try await accounts.deleteToken(hash: try context.session().tokenHash)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    @Sendable func me(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let avatar = try await avatar(of: account)
        var writer = JSONWriter(capacity: 512)
        writer.object { writeUser(account, avatar: avatar, to: &$0) }
        return Self.json(writer.buffer, status: .ok)
    }

    /// 32 random bytes from the system's generator, in URL-safe base64 without padding.
    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private func avatar(of account: Account) async throws -> AvatarDetails? {
        try await social?.profile(named: account.username)?.avatar
    }

    /// The fields of a user object.
    private func writeUser(_ account: Account, avatar: AvatarDetails?, to object: inout JSONWriter) {
        object.field("username", account.username.value)
        object.field("name", account.name)
        object.field("display_name", account.name)
        object.avatarField(avatar, urls: urls)
    }

    private static func json(_ body: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: body))
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
