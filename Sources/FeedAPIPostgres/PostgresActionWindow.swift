import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

/// Counts an account's bounded actions within their window, in the transaction of the action
/// itself; one account's actions take turns under a lock of that account, so its limit holds
/// whichever instance they reach.
enum PostgresActionWindow {
    /// The first half of the advisory lock of one account's actions (an arbitrary, fixed number).
    private static let lockKey: Int32 = 0x4546_4C4B

    /// Holds the account's lock until the transaction ends (taking it again is free).
    static func lock(_ accountID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey), \(Int32(truncatingIfNeeded: accountID)))", logger: logger)
    }

    /// Counts one `action` by the quota's account at `date`.
    /// - Throws: `ActionLimitReached` when the account has done it as often as its limit allows.
    static func admit(_ action: BoundedAction, _ quota: ActionQuota, at date: Date, on connection: PostgresConnection, logger: Logger) async throws {
        let now = date.timeIntervalSince1970
        try await lock(quota.accountID, on: connection, logger: logger)
        try await connection.query(
            "DELETE FROM action_change WHERE action = \(action.rawValue) AND changed_at <= \(now - quota.limit.window)", logger: logger)
        let recent = try await PostgresAccountStore.times(
            try await connection.query(
                """
                SELECT changed_at FROM action_change WHERE account_id = \(quota.accountID) AND action = \(action.rawValue)
                ORDER BY changed_at DESC LIMIT \(quota.limit.perWindow)
                """, logger: logger))
        if recent.count >= quota.limit.perWindow, let oldest = recent.last {
            throw ActionLimitReached(action: action, until: Date(timeIntervalSince1970: oldest + quota.limit.window))
        }
        try await connection.query(
            "INSERT INTO action_change (account_id, action, changed_at) VALUES (\(quota.accountID), \(action.rawValue), \(now))", logger: logger)
    }
}
