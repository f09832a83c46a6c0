import Foundation

/// A person who can log in, post and comment.
package struct Account: Equatable, Sendable {
    package let id: Int64
    package let username: Username
    package let name: String
    package let passwordHash: String
    package let createdAt: Date

    package init(id: Int64, username: Username, name: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

package enum AccountStoreError: Error, Equatable {
    case usernameTaken(Username)
}

/// Where accounts, their API tokens (as hashes only) and recent failed log-ins are kept.
package protocol AccountStore: Sendable {
    /// - Throws: `AccountStoreError.usernameTaken` when another account has the username.
    func createAccount(username: Username, name: String, passwordHash: String, createdAt: Date) async throws -> Account
    func account(named username: Username) async throws -> Account?
    func accounts() async throws -> [Account]
    /// Removes the account and every token it has; tells whether there was one.
    func removeAccount(named username: Username) async throws -> Bool
    /// Replaces the password and revokes every token; tells whether there was an account.
    func setPasswordHash(_ passwordHash: String, forAccountNamed username: Username) async throws -> Bool

    func insertToken(hash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws
    /// The account a token belongs to, when the token exists and has not expired at `now`.
    func account(forTokenHash hash: Data, now: Date) async throws -> Account?
    func deleteToken(hash: Data) async throws

    /// Lets a log-in attempt through, counting it at once, or says until when attempts are
    /// refused: within the throttle's window, `username` (without regard to case) has
    /// `perAddress` attempts from `clientAddress`, or `perAccount` from everywhere, that are
    /// in progress or failed. One transaction: of any number of simultaneous calls, at most
    /// the limit are let through. Attempts older than the window are forgotten.
    func admitLogInAttempt(username: String, clientAddress: String, at date: Date, throttle: LogInThrottle) async throws -> LogInAdmission
    /// The attempt logged in: it, and earlier failures for its username from its address, no
    /// longer count. An attempt that failed is left to count until the window passes.
    func logInSucceeded(_ attempt: LogInAttempt) async throws
    /// Attempts remembered, whoever made them.
    func logInAttemptCount() async throws -> Int
}
