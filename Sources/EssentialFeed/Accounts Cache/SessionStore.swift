import Foundation

/// A log-in as the app keeps it: found by `key` (the app stores only what it derives from
/// the id it gave the browser, never the id itself), the API token as the app chose to keep
/// it, whose it is, and until when it is valid.
public struct LocalSession: Hashable, Sendable {
    public let key: Data
    public let apiToken: Data
    public let user: User
    public let createdAt: Date
    public let expiresAt: Date

    public init(key: Data, apiToken: Data, user: User, createdAt: Date, expiresAt: Date) {
        self.key = key
        self.apiToken = apiToken
        self.user = user
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// Where the app keeps its log-ins, so they outlive a restart of the app.
public protocol SessionStore: Sendable {
    /// Adds a session; one with the same key is replaced.
    func insert(_ session: LocalSession) async throws
    /// The session with `key` when it has not expired at `date`.
    func session(withKey key: Data, validAt date: Date) async throws -> LocalSession?
    func deleteSession(withKey key: Data) async throws
    /// Forgets every session that expired by `date`; tells how many.
    @discardableResult
    func deleteSessions(expiredBy date: Date) async throws -> Int
}
