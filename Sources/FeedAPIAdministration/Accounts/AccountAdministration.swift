import FeedAPIStorage
import Foundation

/// What `essential-feed accounts …` does to the accounts of an API database: the same rules as
/// the API (usernames, password policy, bcrypt), for the operator at the command line.
public struct AccountAdministration: Sendable {
    public struct Listed: Equatable, Sendable {
        public let username: String
        public let name: String
        public let createdAt: Date
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidUsername(String)
        case usernameTaken(String)
        case unknownUsername(String)
        case unknownRole(String)
        case weakPassword(String)
        case invalidName
        case invalidInvitation

        public var description: String {
            switch self {
            case .invalidUsername(let text): "\"\(text)\" is not a username: use 3 to 32 of a-z, 0-9, _ and ."
            case .usernameTaken(let name): "The username \(name) is taken (or kept for 30 days for someone who left)."
            case .unknownUsername(let name): "No account has the username \(name)."
            case .unknownRole(let name): "There is no role \"\(name)\": give admin, moderator or member."
            case .weakPassword(let reason): reason
            case .invalidName: "The display name must have 1 to 100 characters."
            case .invalidInvitation: "An invitation allows 1 to 10,000 uses."
            }
        }
    }

    let store: any AccountStore
    let hasher: PasswordHasher
    let now: @Sendable () -> Date
    var moderation: (any ModerationStore)? = nil
    /// Deletes an account with all it made, as leaving does; without it, the account alone goes.
    var removal: (any AccountRemoval)? = nil

    /// The administration of the accounts of `database`.
    package init(_ database: some APIStorage) {
        self.init(store: database.accounts, hasher: PasswordHasher(), now: Date.init)
        moderation = database.moderation
        removal = database.feed
    }

    init(store: any AccountStore, hasher: PasswordHasher, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.hasher = hasher
        self.now = now
    }

    /// Gives the account a role: `admin`, `moderator` or `member`.
    public func setRole(username text: String, role roleName: String) async throws {
        let username = try Self.username(text)
        guard let role = AccountRole(rawValue: roleName.lowercased()) else { throw Failure.unknownRole(roleName) }
        guard let moderation, try await moderation.setRole(role, forAccountNamed: username) else {
            throw Failure.unknownUsername(username.value)
        }
    }

    /// The display name defaults to the username.
    public func add(username text: String, name: String?, password: String) async throws {
        let username = try Self.username(text)
        let name = (name ?? username.value).trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else { throw Failure.invalidName }
        try Self.check(password)
        if try await store.account(named: username) != nil { throw Failure.usernameTaken(username.value) }
        do {
            _ = try await store.createAccount(username: username, name: name, passwordHash: try await hasher.hash(password), createdAt: now())
        } catch AccountStoreError.usernameTaken {
            throw Failure.usernameTaken(username.value)
        }
    }

    public func list() async throws -> [Listed] {
        try await store.accounts().map { Listed(username: $0.username.value, name: $0.name, createdAt: $0.createdAt) }
    }

    /// Removes the account with everything it made (its posts and their files, its comments,
    /// likes, follows, sessions and tokens), as the person leaving would; its username stays
    /// reserved for 30 days. Returns the account's id, whose archives the caller deletes.
    @discardableResult
    public func remove(username text: String) async throws -> Int64 {
        let username = try Self.username(text)
        guard let account = try await store.account(named: username) else { throw Failure.unknownUsername(username.value) }
        guard let removal else {
            guard try await store.removeAccount(named: username) else { throw Failure.unknownUsername(username.value) }
            return account.id
        }
        let date = now()
        guard try await removal.removeAccount(account.id, reservingUsernameUntil: ReservedUsernames.until(leavingAt: date), at: date) else {
            throw Failure.unknownUsername(username.value)
        }
        return account.id
    }

    /// Sets a new password and revokes the account's tokens.
    public func setPassword(username text: String, password: String) async throws {
        let username = try Self.username(text)
        try Self.check(password)
        guard try await store.account(named: username) != nil else { throw Failure.unknownUsername(username.value) }
        guard try await store.setPasswordHash(try await hasher.hash(password), forAccountNamed: username) else {
            throw Failure.unknownUsername(username.value)
        }
    }

    static func username(_ text: String) throws -> Username {
        guard let username = Username(text) else { throw Failure.invalidUsername(text) }
        return username
    }

    private static func check(_ password: String) throws {
        do {
            try PasswordPolicy.check(password)
        } catch {
            throw Failure.weakPassword(error.description)
        }
    }
}

extension AccountAdministration {
    /// How long an operator's reset link works.
    public static var resetLinkLifetime: TimeInterval { 3_600 }

    /// A new invitation of the operator's; its code, which is kept only as a hash.
    public func createInvitation(uses: Int, expiresAfter lifetime: TimeInterval?) async throws -> String {
        guard (1...10_000).contains(uses) else { throw Failure.invalidInvitation }
        let date = now()
        let issued = IssuedInvitation.make(createdBy: nil, at: date, uses: uses, expiresAt: lifetime.map { date.addingTimeInterval($0) })
        try await store.addInvitation(issued.invitation)
        return issued.code
    }

    /// A single-use code that sets the account's password within the hour.
    public func passwordResetCode(username text: String) async throws -> String {
        let username = try Self.username(text)
        guard let account = try await store.account(named: username) else { throw Failure.unknownUsername(username.value) }
        let code = SecretCodes.newCode()
        let date = now()
        try await store.addPasswordReset(
            tokenHash: SecretCodes.hash(of: code), accountID: account.id, createdAt: date, expiresAt: date.addingTimeInterval(Self.resetLinkLifetime))
        return code
    }
}
