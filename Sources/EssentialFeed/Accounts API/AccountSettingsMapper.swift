import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why the API refused to create an account or change one, read from its problem's type.
public struct AccountRefusal: Error, Equatable, Sendable {
    public enum Reason: String, Sendable, CaseIterable {
        case registrationClosed = "registration-closed"
        case invitationRequired = "invitation-required"
        case invitationUnknown = "invitation-unknown"
        case invitationExpired = "invitation-expired"
        case invitationUsedUp = "invitation-used-up"
        case usernameTaken = "username-taken"
        case invalidUsername = "invalid-username"
        case reservedUsername = "reserved-username"
        case weakPassword = "weak-password"
        case invalidDisplayName = "invalid-display-name"
        case tooManyRegistrations = "too-many-registrations"
        case wrongPassword = "wrong-password"
        case tooManyAttempts = "too-many-log-ins"
        case totpRequired = "totp-required"
        case invalidTOTP = "invalid-totp"
        case totpAlreadyOn = "totp-already-on"
        case totpNotPending = "totp-not-pending"
        case invalidResetLink = "invalid-reset-link"
        case memberInvitesOff = "member-invites-off"
        /// The password was right, but moderators suspended the account; the detail says why.
        case accountSuspended = "account-suspended"
        case tooManyInvitations = "too-many-invitations"
        case invalidInvitation = "invalid-invitation"
        case unknownSession = "unknown-session"
        case unknownInvitation = "unknown-invitation"
        case authenticationRequired = "authentication-required"
    }

    public let reason: Reason
    /// What the API said, for the refusals whose wording depends on it (a weak password).
    public let detail: String

    public init(_ reason: Reason, detail: String = "") {
        self.reason = reason
        self.detail = detail
    }
}

/// A session of the person's, as the account screen lists it.
public struct AccountSession: Equatable, Sendable {
    public let id: String
    public let client: String
    public let createdAt: Date
    public let lastUsedAt: Date
    public let isCurrent: Bool

    public init(id: String, client: String, createdAt: Date, lastUsedAt: Date, isCurrent: Bool) {
        self.id = id
        self.client = client
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.isCurrent = isCurrent
    }
}

/// An invitation of the person's, without its code.
public struct MemberInvitation: Equatable, Sendable {
    public let id: String
    public let uses: Int
    public let used: Int
    public let expiresAt: Date?
    public let isUsable: Bool

    public init(id: String, uses: Int, used: Int, expiresAt: Date?, isUsable: Bool) {
        self.id = id
        self.uses = uses
        self.used = used
        self.expiresAt = expiresAt
        self.isUsable = isUsable
    }
}

/// What the account screen shows of the person besides their lists.
public struct AccountStatus: Equatable, Sendable {
    public let hasTwoFactors: Bool
    public let canInvite: Bool
    /// Whether the person acts on reports (a moderator or an admin).
    public var moderates = false
    /// Whether each new follower waits for the person to accept them.
    public var isLocked = false
    /// The visibility of a post whose author chooses none.
    public var defaultVisibility = FeedImageVisibility.public
    /// How many wait for the person to accept them.
    public var followRequestCount = 0

    public init(hasTwoFactors: Bool, canInvite: Bool, moderates: Bool = false) {
        self.hasTwoFactors = hasTwoFactors
        self.canInvite = canInvite
        self.moderates = moderates
    }
}

/// A secret to give an authenticator app: as a URI (for a QR code) and as a key to type.
public struct TwoFactorSetup: Equatable, Sendable {
    public let secret: String
    public let uri: String

    public init(secret: String, uri: String) {
        self.secret = secret
        self.uri = uri
    }
}

/// The API's answers about joining and one's account. A `401` of a settings request is
/// `AccountRefusal(.authenticationRequired)`: the session ended.
public enum AccountSettingsMapper {
    public static func session(_ data: Data, from response: HTTPURLResponse) throws -> Session {
        try checkSucceeded(data, response)
        return try SessionMapper.map(data, from: response)
    }

    /// A `204` (or any success without a body).
    public static func done(_ data: Data, from response: HTTPURLResponse) throws {
        try checkSucceeded(data, response)
    }

    public static func status(_ data: Data, from response: HTTPURLResponse) throws -> AccountStatus {
        try checkSucceeded(data, response)
        let root = try decode(StatusRoot.self, data)
        let moderates = root.role == "moderator" || root.role == "admin"
        var status = AccountStatus(hasTwoFactors: root.two_factor ?? false, canInvite: root.can_invite ?? false, moderates: moderates)
        status.isLocked = root.locked ?? false
        status.defaultVisibility = root.default_visibility.flatMap(FeedImageVisibility.init(rawValue:)) ?? .public
        status.followRequestCount = max(0, root.follow_requests ?? 0)
        return status
    }

    /// How many more people an invitation lets in.
    public static func invitationUsesLeft(_ data: Data, from response: HTTPURLResponse) throws -> Int {
        try checkSucceeded(data, response)
        return try decode(InvitationRoot.self, data).uses_left
    }

    public static func registrationMode(_ data: Data, from response: HTTPURLResponse) throws -> String {
        try checkSucceeded(data, response)
        return try decode(RegistrationRoot.self, data).mode
    }

    public static func sessions(_ data: Data, from response: HTTPURLResponse) throws -> [AccountSession] {
        try checkSucceeded(data, response)
        return try decode(Items<RemoteSession>.self, data).items.map {
            AccountSession(id: $0.id, client: $0.client, createdAt: $0.created_at, lastUsedAt: $0.last_used_at, isCurrent: $0.current)
        }
    }

    public static func twoFactorSetup(_ data: Data, from response: HTTPURLResponse) throws -> TwoFactorSetup {
        try checkSucceeded(data, response)
        let root = try decode(SetupRoot.self, data)
        return TwoFactorSetup(secret: root.secret, uri: root.uri)
    }

    public static func recoveryCodes(_ data: Data, from response: HTTPURLResponse) throws -> [String] {
        try checkSucceeded(data, response)
        return try decode(RecoveryRoot.self, data).recovery_codes
    }

    public static func invitations(_ data: Data, from response: HTTPURLResponse) throws -> [MemberInvitation] {
        try checkSucceeded(data, response)
        return try decode(Items<RemoteInvitation>.self, data).items.map {
            MemberInvitation(id: $0.id, uses: $0.uses, used: $0.used, expiresAt: $0.expires_at, isUsable: $0.usable)
        }
    }

    /// The code of a new invitation, shown once.
    public static func createdInvitationCode(_ data: Data, from response: HTTPURLResponse) throws -> String {
        try checkSucceeded(data, response)
        return try decode(CreatedRoot.self, data).code
    }

    /// Throws the refusal a problem names, `InsufficientStorageError` for `507`,
    /// `SessionMapper.Error.invalidData` for anything else that is not a success.
    static func checkSucceeded(_ data: Data, _ response: HTTPURLResponse) throws {
        guard !(200...299).contains(response.statusCode) else { return }
        if response.statusCode == 507 { throw InsufficientStorageError() }
        if let problem = try? JSONDecoder().decode(Problem.self, from: data),
            let slash = problem.type.lastIndex(of: "/"),
            let reason = AccountRefusal.Reason(rawValue: String(problem.type[problem.type.index(after: slash)...]))
        {
            throw AccountRefusal(reason, detail: problem.detail ?? "")
        }
        if response.statusCode == 401 { throw AccountRefusal(.authenticationRequired) }
        throw SessionMapper.Error.invalidData
    }

    private static func decode<Root: Decodable>(_ type: Root.Type, _ data: Data) throws -> Root {
        guard let root = try? APIDate.decoder.decode(Root.self, from: data) else { throw SessionMapper.Error.invalidData }
        return root
    }

    private struct Problem: Decodable {
        let type: String
        let detail: String?
    }

    private struct Items<Item: Decodable>: Decodable {
        let items: [Item]
    }

    private struct StatusRoot: Decodable {
        let two_factor: Bool?
        let can_invite: Bool?
        let role: String?
        let locked: Bool?
        let default_visibility: String?
        let follow_requests: Int?
    }

    private struct InvitationRoot: Decodable {
        let uses_left: Int
    }

    private struct RegistrationRoot: Decodable {
        let mode: String
    }

    private struct RemoteSession: Decodable {
        let id: String
        let client: String
        let created_at: Date
        let last_used_at: Date
        let current: Bool
    }

    private struct SetupRoot: Decodable {
        let secret: String
        let uri: String
    }

    private struct RecoveryRoot: Decodable {
        let recovery_codes: [String]
    }

    private struct RemoteInvitation: Decodable {
        let id: String
        let uses: Int
        let used: Int
        let expires_at: Date?
        let usable: Bool
    }

    private struct CreatedRoot: Decodable {
        let code: String
    }
}
