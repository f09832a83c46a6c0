import EssentialFeed
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdAuth

/// Joining: `POST /v1/accounts` creates an account and answers as a log-in does;
/// `GET /v1/registration` tells how people join; `GET /v1/invitations/{code}` whether an
/// invitation still lets someone in.
struct RegistrationController<Context: AuthRequestContext<APISession>> {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let policy: RegistrationPolicy
    let trustedProxies: TrustedProxies
    let now: @Sendable () -> Date
    let issuer: SessionIssuer

    /// Four short strings.
    static var maximumBodySize: Int { 4_096 }
    /// An invitation's code: 256 random bits in URL-safe base64.
    static var maximumCodeLength: Int { 128 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.post("accounts", use: register)
        group.get("registration", use: registration)
        group.get("invitations/{code}", use: invitation)
    }

    @Sendable func registration(_ request: Request, context: Context) async throws -> Response {
        var writer = JSONWriter(capacity: 64)
        writer.object { object in
            object.field("mode", policy.mode.rawValue)
            object.field("member_invites", policy.memberInvites)
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func invitation(_ request: Request, context: Context) async throws -> Response {
        guard policy.mode != .closed else { throw ProblemDetails.registrationClosed }
        let code = context.parameters.get("code") ?? ""
        guard let invitation = try await Self.codeHash(code).asyncMap({ try await accounts.invitation(codeHash: $0) }) ?? nil,
            honours(invitation)
        else {
            throw ProblemDetails.invitation(.invitationUnknown)
        }
        if let refusal = invitation.refusal(at: now()) { throw ProblemDetails.invitation(refusal) }
        var writer = JSONWriter(capacity: 64)
        writer.object { object in
            object.field("uses_left", invitation.usesAllowed - invitation.uses)
            if let expiresAt = invitation.expiresAt { object.field("expires_at", APIDateFormat.string(from: expiresAt)) }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func register(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONRequestBody.decode(NewAccountBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let date = now()
        let pass = try await pass(for: body, request: request, context: context, at: date)
        let username = try NewAccountFields.username(body.username)
        try NewAccountFields.password(body.password, username: username)
        let name = try NewAccountFields.displayName(body.displayName, username: username)
        let passwordHash = try await hasher.hash(body.password)
        let account: Account
        do {
            account = try await accounts.register(NewAccount(username: username, name: name, passwordHash: passwordHash, createdAt: date), pass: pass)
        } catch let refusal as RegistrationRefusal {
            throw ProblemDetails.registration(refusal, at: date)
        }
        return try await issuer.response(issuingFor: account, request: request, at: date)
    }

    /// What lets this registration through, checked before any password is hashed: an
    /// invitation that does not let anyone in costs the server nothing.
    private func pass(for body: NewAccountBody, request: Request, context: Context, at date: Date) async throws -> RegistrationPass {
        let code = body.invite?.trimmingCharacters(in: .whitespaces) ?? ""
        switch policy.mode {
        case .closed:
            throw ProblemDetails.registrationClosed
        case .open:
            // Open to anyone: an invitation changes nothing, and every account counts against
            // its address (or a member's invitations would let one address make any number).
            let address = trustedProxies.clientAddress(
                peer: (context as? any RemoteAddressRequestContext)?.remoteAddress, forwardedFor: request.headers[values: .xForwardedFor])
            return .open(clientAddress: address, limit: policy.limit)
        case .invite where code.isEmpty:
            throw ProblemDetails.invitationRequired
        case .invite:
            guard let hash = Self.codeHash(code), let invitation = try await accounts.invitation(codeHash: hash), honours(invitation) else {
                throw ProblemDetails.invitation(.invitationUnknown)
            }
            if let refusal = invitation.refusal(at: date) { throw ProblemDetails.invitation(refusal) }
            return .invitation(codeHash: hash)
        }
    }

    /// A member's invitation lets people in only while members may invite: turning member
    /// invitations off stops those already handed out.
    private func honours(_ invitation: Invitation) -> Bool {
        invitation.createdBy == nil || policy.memberInvites
    }

    /// The hash a code is kept by; `nil` for what could not be a code.
    static func codeHash(_ code: String) -> Data? {
        guard (1...maximumCodeLength).contains(code.utf8.count) else { return nil }
        return SessionIssuer.hash(of: code)
    }
}

/// The body of `POST /v1/accounts`.
struct NewAccountBody: Decodable, Sendable {
    let username: String
    let password: String
    var displayName: String? = nil
    var invite: String? = nil

    enum CodingKeys: String, CodingKey {
        case username, password, invite
        case displayName = "display_name"
    }
}

/// The core's rules for a new account, and the API's list of common passwords, as problems.
enum NewAccountFields {
    static func username(_ text: String) throws -> Username {
        do {
            guard let username = Username(try NewAccountRules.username(text)) else { throw NewAccountError.usernameCharacters }
            return username
        } catch let error as NewAccountError {
            throw ProblemDetails.newAccount(error)
        }
    }

    /// `username`: the account's, which its password must not be.
    static func password(_ text: String, username: Username? = nil) throws {
        do {
            try NewAccountRules.password(text)
            if CommonPasswords.contains(text) || CommonPasswords.isAbout(text, username: username?.value) { throw NewAccountError.passwordCommon }
        } catch let error as NewAccountError {
            throw ProblemDetails.newAccount(error)
        }
    }

    static func displayName(_ text: String?, username: Username) throws -> String {
        guard let text, !text.isEmpty else { return username.value }
        do {
            return try ProfileText.displayName(text)
        } catch {
            throw ProblemDetails.invalidNewAccount(
                "invalid-display-name", "`display_name` must be 1 to \(ProfileText.displayNameLength.upperBound) characters, something visible.")
        }
    }
}

extension ProblemDetails {
    private static let joiningTypeBase = "/essential-feed/problems/"

    static let registrationClosed = ProblemDetails(
        type: joiningTypeBase + "registration-closed", title: "Registration closed", status: .forbidden,
        detail: "This server takes no new accounts; ask its operator.")

    static let invitationRequired = ProblemDetails(
        type: joiningTypeBase + "invitation-required", title: "Invitation required", status: .forbidden,
        detail: "Joining this server takes an invitation: send its code as `invite`.")

    static func invitation(_ refusal: RegistrationRefusal) -> ProblemDetails {
        switch refusal {
        case .invitationExpired:
            ProblemDetails(
                type: joiningTypeBase + "invitation-expired", title: "Invitation expired", status: .forbidden,
                detail: "This invitation has expired; ask whoever sent it for a new one.")
        case .invitationUsedUp:
            ProblemDetails(
                type: joiningTypeBase + "invitation-used-up", title: "Invitation used up", status: .forbidden,
                detail: "This invitation has been used as many times as it allows; ask whoever sent it for a new one.")
        default:
            ProblemDetails(
                type: joiningTypeBase + "invitation-unknown", title: "Unknown invitation", status: .forbidden,
                detail: "No invitation has this code; check the link, or ask for a new one.")
        }
    }

    static func registration(_ refusal: RegistrationRefusal, at date: Date) -> ProblemDetails {
        switch refusal {
        case .usernameTaken:
            ProblemDetails(
                type: joiningTypeBase + "username-taken", title: "Username taken", status: .conflict,
                detail: "Someone has this username already; choose another.")
        case let .tooManyFromAddress(until):
            ProblemDetails(
                type: joiningTypeBase + "too-many-registrations", title: "Too many registrations", status: .tooManyRequests,
                detail: "Too many accounts were created from this address; try again later.",
                headers: [.retryAfter: String(max(1, Int(until.timeIntervalSince(date).rounded(.up))))])
        default:
            invitation(refusal)
        }
    }

    static func newAccount(_ error: NewAccountError) -> ProblemDetails {
        switch error {
        case .usernameLength:
            invalidNewAccount(
                "invalid-username",
                "`username` must be \(NewAccountRules.usernameLength.lowerBound) to \(NewAccountRules.usernameLength.upperBound) characters.")
        case .usernameCharacters:
            invalidNewAccount("invalid-username", "`username` may have only the letters a to z, the digits 0 to 9 and `_`.")
        case .usernameReserved:
            invalidNewAccount("reserved-username", "This username is kept for the service itself; choose another.")
        case .passwordTooShort:
            invalidNewAccount("weak-password", "The password must have at least \(NewAccountRules.minimumPasswordCharacters) characters.")
        case .passwordTooLong:
            invalidNewAccount("weak-password", "The password must be at most \(NewAccountRules.maximumPasswordBytes) bytes in UTF-8.")
        case .passwordUnreadable:
            invalidNewAccount("weak-password", "The password must not contain the NUL character.")
        case .passwordCommon:
            invalidNewAccount("weak-password", "This password is among the most common ones, the first any guesser tries; choose another.")
        case .passwordGuessable:
            invalidNewAccount("weak-password", "This password only looks long (one character repeated, a run such as 0123456789, or nothing visible); choose another.")
        }
    }

    static func invalidNewAccount(_ kind: String, _ detail: String) -> ProblemDetails {
        ProblemDetails(type: joiningTypeBase + kind, title: "Invalid account", status: .badRequest, detail: detail)
    }
}
