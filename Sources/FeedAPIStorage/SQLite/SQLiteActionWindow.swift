import Foundation
import GRDB

/// Counts an account's bounded actions within their window, in the transaction of the action
/// itself (SQLite runs one writer at a time, so two actions never both take the last place).
enum SQLiteActionWindow {
    /// Counts one `action` by the quota's account at `date`.
    /// - Throws: `ActionLimitReached` when the account has done it as often as its limit allows.
    static func admit(_ action: BoundedAction, _ quota: ActionQuota, at date: Date, in db: Database) throws {
        let now = date.timeIntervalSince1970
        try db.execute(
            sql: "DELETE FROM action_change WHERE action = ? AND changed_at <= ?", arguments: [action.rawValue, now - quota.limit.window])
        let recent = try Double.fetchAll(
            db, sql: "SELECT changed_at FROM action_change WHERE account_id = ? AND action = ? ORDER BY changed_at DESC LIMIT ?",
            arguments: [quota.accountID, action.rawValue, quota.limit.perWindow])
        if recent.count >= quota.limit.perWindow, let oldest = recent.last {
            throw ActionLimitReached(action: action, until: Date(timeIntervalSince1970: oldest + quota.limit.window))
        }
        try db.execute(
            sql: "INSERT INTO action_change (account_id, action, changed_at) VALUES (?, ?, ?)", arguments: [quota.accountID, action.rawValue, now])
    }
}
