import Foundation

/// One API token, as the person it belongs to sees it among their sessions.
package struct TokenSession: Equatable, Sendable {
    /// Public and random: naming a session never reveals its token.
    package let id: String
    /// What the session was opened from (its client's own description), cut to a bound.
    package let client: String
    package let createdAt: Date
    package let lastUsedAt: Date

    package init(id: String, client: String, createdAt: Date, lastUsedAt: Date) {
        self.id = id
        self.client = client
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A token that authenticates: whose it is, and which of their sessions.
package struct AuthenticatedToken: Equatable, Sendable {
    package let account: Account
    package let session: TokenSession

    package init(account: Account, session: TokenSession) {
        self.account = account
        self.session = session
    }
}

/// A person's sessions: every API token they hold, each listed and ended on its own.
package protocol TokenSessionStore: Sendable {
    /// Keeps a new token (as its hash) under the public id `id`.
    func insertToken(hash: Data, id: String, accountID: Int64, client: String, createdAt: Date, expiresAt: Date) async throws
    /// The token's account and session when it exists and has not expired at `now`.
    func authenticatedToken(forHash hash: Data, now: Date) async throws -> AuthenticatedToken?
    /// Records that the token was used at `date`.
    func tokenUsed(hash: Data, at date: Date) async throws
    /// The account's sessions that have not expired at `now`, newest first.
    func sessions(ofAccountID accountID: Int64, now: Date) async throws -> [TokenSession]
    /// Ends one of the account's sessions; tells whether it had one of this id.
    func removeSession(id: String, accountID: Int64) async throws -> Bool
    /// Ends every session of the account but the one of `keptHash`, when given.
    func removeSessions(ofAccountID accountID: Int64, keeping keptHash: Data?) async throws
    /// Replaces the password and ends every session but the one of `keptHash`, at once.
    func changePassword(accountID: Int64, to passwordHash: String, keeping keptHash: Data?) async throws
}
