import Foundation

/// A person who can log in, post and comment.
struct Account: Equatable, Sendable {
    let id: Int64
    let username: Username
    let name: String
    let passwordHash: String
    let createdAt: Date
}

enum AccountStoreError: Error, Equatable {
    case usernameTaken(Username)
}

/// Where accounts, their API tokens (as hashes only) and recent failed log-ins are kept.
protocol AccountStore: Sendable {
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

    func recordFailedLogIn(username: String, at date: Date) async throws
    /// The times of the failed log-ins for `username` after `date`, oldest first.
    func failedLogIns(username: String, after date: Date) async throws -> [Date]
}
