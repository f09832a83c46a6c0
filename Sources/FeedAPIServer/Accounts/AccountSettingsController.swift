import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth

/// A person running their own account: `PUT /v1/me/password`, their sessions
/// (`GET /v1/me/sessions`, `DELETE /v1/me/sessions/{id}`, `DELETE /v1/me/sessions` for
/// everywhere), and their second factor (`POST /v1/me/totp`, `POST /v1/me/totp/confirm`,
/// `DELETE /v1/me/totp`).
struct AccountSettingsController<Context: AuthRequestContext<APISession>> {
    let accounts: any AccountStore
    let gate: PasswordGate
    let now: @Sendable () -> Date
    /// The name authenticator apps list the account under.
    var issuerName = "Essential Feed"

    static var maximumBodySize: Int { 4_096 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.put("me/password", use: changePassword)
        protected.get("me/sessions", use: sessions)
        protected.delete("me/sessions", use: endEverySession)
        protected.delete("me/sessions/{id}", use: endSession)
        protected.post("me/totp", use: beginTwoFactors)
        protected.post("me/totp/confirm", use: confirmTwoFactors)
        protected.delete("me/totp", use: endTwoFactors)
    }

    // MARK: - Password

    @Sendable func changePassword(_ request: Request, context: Context) async throws -> Response {
        let session = try context.session()
        let body = try await JSONRequestBody.decode(PasswordChangeBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let date = now()
        let (account, attempt) = try await checked(password: body.currentPassword, of: session, request: request, context: context, at: date)
        try NewAccountFields.password(body.newPassword, username: account.username)
        let passwordHash = try await gate.hasher.hash(body.newPassword)
        try await accounts.changePassword(accountID: account.id, to: passwordHash, keeping: session.tokenHash)
        try await accounts.logInSucceeded(attempt)
        return Self.noContent
    }

    // MARK: - Sessions

    @Sendable func sessions(_ request: Request, context: Context) async throws -> Response {
        let session = try context.session()
        let sessions = try await accounts.sessions(ofAccountID: session.account.id, now: now())
        var writer = JSONWriter(capacity: 128 + sessions.count * 256)
        writer.object { object in
            object.field("items", array: sessions) { item, listed in
                item.object { fields in
                    fields.field("id", listed.id)
                    fields.field("client", listed.client)
                    fields.field("created_at", APIDateFormat.string(from: listed.createdAt))
                    fields.field("last_used_at", APIDateFormat.string(from: listed.lastUsedAt))
                    fields.field("current", listed.id == session.sessionID)
                }
            }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func endSession(_ request: Request, context: Context) async throws -> Response {
        let session = try context.session()
        let id = context.parameters.get("id") ?? ""
        guard TokenSessionID.isWellFormed(id), try await accounts.removeSession(id: id, accountID: session.account.id) else {
            throw ProblemDetails.unknownSession
        }
        return Self.noContent
    }

    @Sendable func endEverySession(_ request: Request, context: Context) async throws -> Response {
        try await accounts.removeSessions(ofAccountID: try context.session().account.id, keeping: nil)
        return Self.noContent
    }

    // MARK: - Two factors

    @Sendable func beginTwoFactors(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        guard try await !accounts.twoFactorState(accountID: account.id).isOn else { throw ProblemDetails.twoFactorsAlreadyOn }
        let secret = TOTP.newSecret()
        try await accounts.setPendingTOTPSecret(secret, accountID: account.id)
        let totp = TOTP(secret: secret)
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("secret", Base32.encode(secret))
            object.field("uri", totp.uri(account: account.username.value, issuer: issuerName))
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func confirmTwoFactors(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let body = try await JSONRequestBody.decode(TwoFactorCodeBody.self, from: request, maximumBytes: Self.maximumBodySize)
        guard let secret = try await accounts.twoFactorState(accountID: account.id).pendingSecret else { throw ProblemDetails.twoFactorsNotPending }
        guard let step = TOTP(secret: secret).matchingStep(of: body.code.filter { !$0.isWhitespace }, at: now()) else {
            throw ProblemDetails.wrongSetupCode
        }
        let codes = RecoveryCodes.make()
        guard try await accounts.enableTOTP(accountID: account.id, recoveryCodeHashes: codes.compactMap(RecoveryCodes.hash), usedStep: step) else {
            throw ProblemDetails.twoFactorsNotPending
        }
        var writer = JSONWriter(capacity: 256)
        writer.object { object in object.field("recovery_codes", array: codes) { $0.string($1) } }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func endTwoFactors(_ request: Request, context: Context) async throws -> Response {
        let session = try context.session()
        let body = try await JSONRequestBody.decode(PasswordBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let (account, attempt) = try await checked(password: body.password, of: session, request: request, context: context, at: now())
        try await accounts.disableTOTP(accountID: account.id)
        try await accounts.logInSucceeded(attempt)
        return Self.noContent
    }

    /// The person's password checked as a log-in's: throttled, and a wrong one counted.
    /// Refused with `403`, not `401`: the session itself is good.
    private func checked(
        password: String, of session: APISession, request: Request, context: Context, at date: Date
    ) async throws -> (Account, LogInAttempt) {
        do {
            return try await gate.verified(username: session.account.username.value, password: password, request: request, context: context, at: date)
        } catch let problem as ProblemDetails where problem == .invalidCredentials {
            throw ProblemDetails.wrongPassword
        }
    }

    private static var noContent: Response { Response(status: .noContent, headers: [.cacheControl: "no-store"]) }
}

struct PasswordChangeBody: Decodable, Sendable {
    let currentPassword: String
    let newPassword: String

    enum CodingKeys: String, CodingKey {
        case currentPassword = "current_password"
        case newPassword = "new_password"
    }
}

struct PasswordBody: Decodable, Sendable {
    let password: String
}

struct TwoFactorCodeBody: Decodable, Sendable {
    let code: String
}

extension ProblemDetails {
    private static let settingsTypeBase = "/essential-feed/problems/"

    static let wrongPassword = ProblemDetails(
        type: settingsTypeBase + "wrong-password", title: "Wrong password", status: .forbidden,
        detail: "The password is not right; it counts as a failed log-in.")

    static let unknownSession = ProblemDetails(
        type: settingsTypeBase + "unknown-session", title: "Unknown session", status: .notFound,
        detail: "You have no session of this id (it may have ended already).")

    /// Not `401`: the session is good, the code typed is not.
    static let wrongSetupCode = ProblemDetails(
        type: settingsTypeBase + "invalid-totp", title: "Invalid two-factor code", status: .badRequest,
        detail: "The code is not the app's current one: check that it took the secret, and that the phone's clock is right.")

    static let twoFactorsAlreadyOn = ProblemDetails(
        type: settingsTypeBase + "totp-already-on", title: "Two factors already on", status: .conflict,
        detail: "Two factors are on already; turn them off first to set up another app.")

    static let twoFactorsNotPending = ProblemDetails(
        type: settingsTypeBase + "totp-not-pending", title: "No two-factor setup in progress", status: .conflict,
        detail: "Start with `POST /v1/me/totp`, then confirm with a code of the app that took the secret.")
}
