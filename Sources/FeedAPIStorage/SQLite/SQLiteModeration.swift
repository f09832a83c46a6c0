import Foundation
import GRDB

/// Reports, roles, suspensions and the audit log in the API's SQLite file.
package final class SQLiteModeration: ModerationStore {
    let database: DatabasePool
    /// Moved on when a suspension hides or shows posts, so cached pages are not served.
    let feedVersion: DataVersion

    init(database: DatabasePool, feedVersion: DataVersion) {
        self.database = database
        self.feedVersion = feedVersion
    }

    package func role(of accountID: Int64) async throws -> AccountRole {
        try await database.read { db in
            let text = try String.fetchOne(db, sql: "SELECT role FROM account WHERE id = ?", arguments: [accountID])
            return text.flatMap(AccountRole.init(rawValue:)) ?? .member
        }
    }

    package func role(ofAccountNamed username: Username) async throws -> AccountRole? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT role FROM account WHERE username = ?", arguments: [username.value]).map {
                AccountRole(rawValue: $0) ?? .member
            }
        }
    }

    package func setRole(_ role: AccountRole, forAccountNamed username: Username) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET role = ? WHERE username = ?", arguments: [role.rawValue, username.value])
            return db.changesCount > 0
        }
    }

    package func report(_ report: NewReport, openReportsPerReporter: Int) async throws -> Int64 {
        try await database.write { db in
            guard try Self.exists(report.target, visibleTo: report.reporterID, in: db) else { throw ModerationRefusal.unknownTarget }
            let open =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM report WHERE reporter_id = ? AND resolved_at IS NULL", arguments: [report.reporterID]) ?? 0
            guard open < openReportsPerReporter else { throw ModerationRefusal.tooManyOpenReports }
            do {
                try db.execute(
                    sql: "INSERT INTO report (reporter_id, target_kind, target, reason, note, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        report.reporterID, report.target.kind, report.target.key, report.reason.rawValue, report.note,
                        report.createdAt.timeIntervalSince1970
                    ])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw ModerationRefusal.alreadyReported
            }
            return db.lastInsertedRowID
        }
    }

    package func openReports(after afterID: Int64?, limit: Int) async throws -> [OpenReport] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT report.id, account.username AS reporter, report.target_kind, report.target, report.reason, report.note,
                        report.created_at
                    FROM report JOIN account ON account.id = report.reporter_id
                    WHERE report.resolved_at IS NULL AND report.id > ? ORDER BY report.id LIMIT ?
                    """,
                arguments: [afterID ?? 0, limit])
            return try rows.compactMap { row -> OpenReport? in
                guard let target = ReportTarget(kind: row["target_kind"], key: row["target"]),
                    let reason = ReportReason(rawValue: row["reason"])
                else { throw CorruptData(detail: "report \(row["id"] as Int64)") }
                return OpenReport(
                    id: row["id"], reporter: row["reporter"], target: target, reason: reason, note: row["note"],
                    createdAt: Date(timeIntervalSince1970: row["created_at"]), content: try Self.content(of: target, in: db))
            }
        }
    }

    package func resolveReports(on target: ReportTarget, action: ModerationAction, by moderator: String, reason: String?, at date: Date) async throws {
        try await database.write { db in
            try Self.resolve(target, action: action, by: moderator, reason: reason, at: date, in: db)
        }
    }

    package func closeReports(on target: ReportTarget, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE report SET resolved_at = ? WHERE target_kind = ? AND target = ? AND resolved_at IS NULL",
                arguments: [date.timeIntervalSince1970, target.kind, target.key])
        }
    }

    package func dismissReport(_ id: Int64, by moderator: String, reason: String?, at date: Date) async throws {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT target_kind, target FROM report WHERE id = ? AND resolved_at IS NULL", arguments: [id]),
                let target = ReportTarget(kind: row["target_kind"], key: row["target"])
            else { throw ModerationRefusal.unknownReport }
            try db.execute(sql: "UPDATE report SET resolved_at = ? WHERE id = ?", arguments: [date.timeIntervalSince1970, id])
            try Self.record(.dismiss, on: target, by: moderator, reason: reason, at: date, in: db)
        }
    }

    package func suspend(_ username: Username, reason: String, by moderator: String, at date: Date) async throws {
        try await database.write { db in
            guard let accountID = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE username = ?", arguments: [username.value])
            else { throw ModerationRefusal.unknownAccount }
            try db.execute(
                sql: "UPDATE account SET suspended_at = coalesce(suspended_at, ?), suspension_reason = ? WHERE id = ?",
                arguments: [date.timeIntervalSince1970, reason, accountID])
            try db.execute(sql: "DELETE FROM api_token WHERE account_id = ?", arguments: [accountID])
            try Self.resolve(.account(username.value), action: .suspend, by: moderator, reason: reason, at: date, in: db)
        }
        feedVersion.bump()
    }

    package func liftSuspension(of username: Username, by moderator: String, reason: String?, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account SET suspended_at = NULL, suspension_reason = NULL WHERE username = ?", arguments: [username.value])
            guard db.changesCount > 0 else { throw ModerationRefusal.unknownAccount }
            try Self.record(.liftSuspension, on: .account(username.value), by: moderator, reason: reason, at: date, in: db)
        }
        feedVersion.bump()
    }

    package func suspension(of username: Username) async throws -> Suspension? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT suspended_at, suspension_reason FROM account WHERE username = ? AND suspended_at IS NOT NULL",
                arguments: [username.value]
            ).map { Suspension(since: Date(timeIntervalSince1970: $0["suspended_at"]), reason: $0["suspension_reason"] ?? "") }
        }
    }

    package func log(before beforeID: Int64?, limit: Int) async throws -> [ModerationEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, moderator, action, target_kind, target, reason, created_at FROM moderation_log
                    WHERE id < ? ORDER BY id DESC LIMIT ?
                    """,
                arguments: [beforeID ?? Int64.max, limit]
            ).map { row in
                guard let action = ModerationAction(rawValue: row["action"]), let target = ReportTarget(kind: row["target_kind"], key: row["target"])
                else { throw CorruptData(detail: "moderation log entry \(row["id"] as Int64)") }
                return ModerationEntry(
                    id: row["id"], moderator: row["moderator"], action: action, target: target, reason: row["reason"],
                    createdAt: Date(timeIntervalSince1970: row["created_at"]))
            }
        }
    }

    private static func resolve(_ target: ReportTarget, action: ModerationAction, by moderator: String, reason: String?, at date: Date, in db: Database) throws {
        try db.execute(
            sql: "UPDATE report SET resolved_at = ? WHERE target_kind = ? AND target = ? AND resolved_at IS NULL",
            arguments: [date.timeIntervalSince1970, target.kind, target.key])
        try record(action, on: target, by: moderator, reason: reason, at: date, in: db)
    }

    private static func record(_ action: ModerationAction, on target: ReportTarget, by moderator: String, reason: String?, at date: Date, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO moderation_log (moderator, action, target_kind, target, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [moderator, action.rawValue, target.kind, target.key, reason, date.timeIntervalSince1970])
    }

    /// Whether the target is there for the reporter: a photo (or a comment on one) they may see.
    private static func exists(_ target: ReportTarget, visibleTo reporterID: Int64, in db: Database) throws -> Bool {
        let seen = "\(PostAudience.includes(accountID: reporterID)) AND \(PostAudience.byUnsuspendedAuthor())"
        return switch target {
        case let .image(id):
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feed_item WHERE id = ? AND \(seen))", arguments: [id.uuidString]) ?? false
        case let .comment(id):
            try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position WHERE comment.id = ? AND \(seen))",
                arguments: [id.uuidString]) ?? false
        case let .account(username):
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE username = ?)", arguments: [username]) ?? false
        }
    }

    private static func content(of target: ReportTarget, in db: Database) throws -> ReportedContent? {
        switch target {
        case let .image(id):
            guard let position = try Int64.fetchOne(db, sql: SQLiteFeedRepository.positionQuery, arguments: [id.uuidString]) else { return nil }
            return try Row.fetchOne(
                db, sql: "\(SQLiteFeedRepository.itemColumns) WHERE feed_item.position = ?", arguments: [position]
            ).map { .image(try SQLiteFeedRepository.feedItem(from: $0)) }
        case let .comment(id):
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT comment.message, comment.created_at, comment.username, feed_item.id AS image_id
                        FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position WHERE comment.id = ?
                        """,
                    arguments: [id.uuidString])
            else { return nil }
            let comment = FeedComment(
                id: id, message: row["message"], createdAt: Date(timeIntervalSince1970: row["created_at"]), username: row["username"])
            return .comment(comment, imageID: try PhotoRows.uuid(from: row["image_id"]))
        case let .account(username):
            return try Row.fetchOne(db, sql: "SELECT username, name, suspended_at FROM account WHERE username = ?", arguments: [username]).map {
                .account(username: $0["username"], name: $0["name"], suspended: ($0["suspended_at"] as Double?) != nil)
            }
        }
    }
}
