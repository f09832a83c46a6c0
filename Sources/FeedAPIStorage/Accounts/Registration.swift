import Foundation

/// An account someone asked for, its password already hashed.
package struct NewAccount: Equatable, Sendable {
    package let username: Username
    package let name: String
    package let passwordHash: String
    package let createdAt: Date

    package init(username: Username, name: String, passwordHash: String, createdAt: Date) {
        self.username = username
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// What lets someone join, checked and used in the transaction that creates their account.
package enum RegistrationPass: Equatable, Sendable {
    /// An invitation's code, as its SHA-256: it must exist, not have expired, and have a use left.
    case invitation(codeHash: Data)
    /// Open registration: at most `limit.perAddress` accounts from one client address within
    /// `limit.window`.
    case open(clientAddress: String, limit: RegistrationLimit)
}

/// How many accounts one client address may create, in open registration.
package struct RegistrationLimit: Equatable, Sendable {
    package var perAddress = 5
    package var window: TimeInterval = 3_600

    package init(perAddress: Int = 5, window: TimeInterval = 3_600) {
        self.perAddress = perAddress
        self.window = window
    }
}

/// Why a registration changed nothing.
package enum RegistrationRefusal: Error, Equatable {
    case usernameTaken
    case invitationUnknown
    case invitationExpired
    case invitationUsedUp
    /// Open registration from this address may go on then.
    case tooManyFromAddress(until: Date)
}

/// An invitation as it is created: the code itself is handed out once and kept only as its hash.
package struct NewInvitation: Equatable, Sendable {
    package let id: String
    package let codeHash: Data
    /// The member who created it; `nil` for the operator's.
    package let createdBy: Int64?
    package let createdAt: Date
    package let expiresAt: Date?
    package let usesAllowed: Int

    package init(id: String, codeHash: Data, createdBy: Int64?, createdAt: Date, expiresAt: Date?, usesAllowed: Int) {
        self.id = id
        self.codeHash = codeHash
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usesAllowed = usesAllowed
    }
}

/// An invitation as its creator sees it: how often it was used, without its code.
package struct Invitation: Equatable, Sendable {
    /// Why it lets nobody in at `date`, if it does not.
    package func refusal(at date: Date) -> RegistrationRefusal? {
        if let expiresAt, expiresAt <= date { return .invitationExpired }
        return uses < usesAllowed ? nil : .invitationUsedUp
    }

    package let id: String
    package let createdAt: Date
    package let expiresAt: Date?
    package let usesAllowed: Int
    package let uses: Int
    /// The member who created it; `nil` for the operator's.
    package var createdBy: Int64? = nil

    package init(id: String, createdAt: Date, expiresAt: Date?, usesAllowed: Int, uses: Int, createdBy: Int64? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usesAllowed = usesAllowed
        self.uses = uses
        self.createdBy = createdBy
    }
}

/// Joining: accounts people create themselves, and the invitations that let them.
package protocol RegistrationStore: Sendable {
    /// Checks and uses `pass` and creates the account in one transaction: refused, nothing
    /// changes (a refused attempt uses no invitation and does not count against an address).
    /// - Throws: `RegistrationRefusal`.
    func register(_ account: NewAccount, pass: RegistrationPass) async throws -> Account
    /// Keeps the invitation, unless its creator holds `maximumHeld` already (counted and
    /// added in one transaction, so simultaneous requests cannot pass the bound); tells
    /// whether it was kept. The operator's invitations are not counted.
    func addInvitation(_ invitation: NewInvitation, maximumHeld: Int?) async throws -> Bool
    /// The invitation of this code, whoever created it.
    func invitation(codeHash: Data) async throws -> Invitation?
    /// A member's invitations, newest first.
    func invitations(createdBy accountID: Int64) async throws -> [Invitation]
    /// Tells whether the member had an invitation of this id.
    func removeInvitation(id: String, createdBy accountID: Int64) async throws -> Bool
}

extension RegistrationStore {
    /// Keeps an invitation whatever its creator holds.
    package func addInvitation(_ invitation: NewInvitation) async throws {
        _ = try await addInvitation(invitation, maximumHeld: nil)
    }
}
