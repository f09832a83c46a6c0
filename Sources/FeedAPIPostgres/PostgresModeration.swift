import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO
import PostgresSupport

/// Reports, roles, suspensions and the audit log on PostgreSQL, as `SQLiteModeration` keeps
/// them; a suspension moves every instance's data version (it hides or shows posts).
package struct PostgresModeration: ModerationStore {
    let client: PostgresClient
    let version: SharedDataVersion
    let deadline: DatabaseDeadline
    let logger: Logger

    package func role(of accountID: Int64) async throws -> AccountRole {
        try await deadline.bounded { [self] in
            for try await text in try await client.query("SELECT role FROM account WHERE id = \(accountID)", logger: logger).decode(String.self) {
                return AccountRole(rawValue: text) ?? .member
            }
            return .member
        }
    }

    package func role(ofAccountNamed username: Username) async throws -> AccountRole? {
        try await deadline.bounded { [self] in
            for try await text in try await client.query(
                "SELECT role FROM account WHERE lower(username) = lower(\(username.value))", logger: logger
            ).decode(String.self) {
                return AccountRole(rawValue: text) ?? .member
            }
            return nil
        }
    }

    package func setRole(_ role: AccountRole, forAccountNamed username: Username) async throws -> Bool {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                "UPDATE account SET role = \(role.rawValue) WHERE lower(username) = lower(\(username.value)) RETURNING id", logger: logger)
            for try await _ in rows.decode(Int64.self) { return true }
            return false
        }
    }

    package func report(_ report: NewReport, openReportsPerReporter: Int) async throws -> Int64 {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                guard try await Self.exists(report.target, visibleTo: report.reporterID, on: connection, logger: logger) else {
                    throw ModerationRefusal.unknownTarget
                }
                // One reporter's reports are counted one at a time.
                try await connection.query("SELECT id FROM account WHERE id = \(report.reporterID) FOR UPDATE", logger: logger)
                var open = 0
                for try await count in try await connection.query(
                    "SELECT count(*) FROM report WHERE reporter_id = \(report.reporterID) AND resolved_at IS NULL", logger: logger
                ).decode(Int.self) {
                    open = count
                }
                guard open < openReportsPerReporter else { throw ModerationRefusal.tooManyOpenReports }
                do {
                    for try await id in try await connection.query(
                        """
                        INSERT INTO report (reporter_id, target_kind, target, reason, note, created_at)
                        VALUES (\(report.reporterID), \(report.target.kind), \(report.target.key), \(report.reason.rawValue), \(report.note),
                            \(report.createdAt.timeIntervalSince1970))
                        RETURNING id
                        """, logger: logger
                    ).decode(Int64.self) {
                        return id
                    }
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresAccountStore.uniqueViolation {
                    throw ModerationRefusal.alreadyReported
                }
                throw CorruptData(detail: "report without id")
            }
        }
    }

    package func openReports(after afterID: Int64?, limit: Int) async throws -> [OpenReport] {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                var found: [(Int64, String, String, String, String, String?, Double)] = []
                for try await row in try await connection.query(
                    """
                    SELECT report.id, account.username, report.target_kind, report.target, report.reason, report.note, report.created_at
                    FROM report JOIN account ON account.id = report.reporter_id
                    WHERE report.resolved_at IS NULL AND report.id > \(afterID ?? 0) ORDER BY report.id LIMIT \(limit)
                    """, logger: logger
                ).decode((Int64, String, String, String, String, String?, Double).self) {
                    found.append(row)
                }
                var reports: [OpenReport] = []
                for (id, reporter, kind, key, reasonText, note, createdAt) in found {
                    guard let target = ReportTarget(kind: kind, key: key), let reason = ReportReason(rawValue: reasonText) else {
                        throw CorruptData(detail: "report \(id)")
                    }
                    reports.append(
                        OpenReport(
                            id: id, reporter: reporter, target: target, reason: reason, note: note, createdAt: Date(timeIntervalSince1970: createdAt),
                            content: try await Self.content(of: target, on: connection, logger: logger)))
                }
                return reports
            }
        }
    }

    package func resolveReports(on target: ReportTarget, action: ModerationAction, by moderator: String, reason: String?, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await Self.resolve(target, action: action, by: moderator, reason: reason, at: date, on: connection, logger: logger)
            }
        }
    }

    package func closeReports(on target: ReportTarget, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.query(
                """
                UPDATE report SET resolved_at = \(date.timeIntervalSince1970)
                WHERE target_kind = \(target.kind) AND target = \(target.key) AND resolved_at IS NULL
                """, logger: logger)
        }
    }

    package func dismissReport(_ id: Int64, by moderator: String, reason: String?, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                var target: ReportTarget?
                for try await (kind, key) in try await connection.query(
                    "UPDATE report SET resolved_at = \(date.timeIntervalSince1970) WHERE id = \(id) AND resolved_at IS NULL RETURNING target_kind, target",
                    logger: logger
                ).decode((String, String).self) {
                    target = ReportTarget(kind: kind, key: key)
                }
                guard let target else { throw ModerationRefusal.unknownReport }
                try await Self.record(.dismiss, on: target, by: moderator, reason: reason, at: date, on: connection, logger: logger)
            }
        }
    }

    package func suspend(_ username: Username, reason: String, by moderator: String, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await version.write(through: client, logger: logger, changed: { _ in true }) { connection in
                var accountID: Int64?
                for try await id in try await connection.query(
                    """
                    UPDATE account SET suspended_at = coalesce(suspended_at, \(date.timeIntervalSince1970)), suspension_reason = \(reason)
                    WHERE lower(username) = lower(\(username.value)) RETURNING id
                    """, logger: logger
                ).decode(Int64.self) {
                    accountID = id
                }
                guard let accountID else { throw ModerationRefusal.unknownAccount }
                try await connection.query("DELETE FROM api_token WHERE account_id = \(accountID)", logger: logger)
                try await Self.resolve(.account(username.value), action: .suspend, by: moderator, reason: reason, at: date, on: connection, logger: logger)
            }
        }
    }

    package func liftSuspension(of username: Username, by moderator: String, reason: String?, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await version.write(through: client, logger: logger, changed: { _ in true }) { connection in
                var found = false
                for try await _ in try await connection.query(
                    """
                    UPDATE account SET suspended_at = NULL, suspension_reason = NULL WHERE lower(username) = lower(\(username.value)) RETURNING id
                    """, logger: logger
                ).decode(Int64.self) {
                    found = true
                }
                guard found else { throw ModerationRefusal.unknownAccount }
                try await Self.record(.liftSuspension, on: .account(username.value), by: moderator, reason: reason, at: date, on: connection, logger: logger)
            }
        }
    }

    package func suspension(of username: Username) async throws -> Suspension? {
        try await deadline.bounded { [self] in
            for try await (since, reason) in try await client.query(
                """
                SELECT suspended_at, suspension_reason FROM account
                WHERE lower(username) = lower(\(username.value)) AND suspended_at IS NOT NULL
                """, logger: logger
            ).decode((Double, String?).self) {
                return Suspension(since: Date(timeIntervalSince1970: since), reason: reason ?? "")
            }
            return nil
        }
    }

    package func log(before beforeID: Int64?, limit: Int) async throws -> [ModerationEntry] {
        try await deadline.bounded { [self] in
            var entries: [ModerationEntry] = []
            for try await (id, moderator, actionText, kind, key, reason, createdAt) in try await client.query(
                """
                SELECT id, moderator, action, target_kind, target, reason, created_at FROM moderation_log
                WHERE id < \(beforeID ?? Int64.max) ORDER BY id DESC LIMIT \(limit)
                """, logger: logger
            ).decode((Int64, String, String, String, String, String?, Double).self) {
                guard let action = ModerationAction(rawValue: actionText), let target = ReportTarget(kind: kind, key: key) else {
                    throw CorruptData(detail: "moderation log entry \(id)")
                }
                entries.append(
                    ModerationEntry(
                        id: id, moderator: moderator, action: action, target: target, reason: reason, createdAt: Date(timeIntervalSince1970: createdAt)))
            }
            return entries
        }
    }

    private static func resolve(
        _ target: ReportTarget, action: ModerationAction, by moderator: String, reason: String?, at date: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            UPDATE report SET resolved_at = \(date.timeIntervalSince1970)
            WHERE target_kind = \(target.kind) AND target = \(target.key) AND resolved_at IS NULL
            """, logger: logger)
        try await record(action, on: target, by: moderator, reason: reason, at: date, on: connection, logger: logger)
    }

    private static func record(
        _ action: ModerationAction, on target: ReportTarget, by moderator: String, reason: String?, at date: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            INSERT INTO moderation_log (moderator, action, target_kind, target, reason, created_at)
            VALUES (\(moderator), \(action.rawValue), \(target.kind), \(target.key), \(reason), \(date.timeIntervalSince1970))
            """, logger: logger)
    }

    /// Whether the target is there for the reporter: a photo (or a comment on one) they may see.
    private static func exists(
        _ target: ReportTarget, visibleTo reporterID: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let seen = "\(PostAudience.includes(accountID: reporterID)) AND \(PostAudience.byUnsuspendedAuthor())"
        let query: PostgresQuery =
            switch target {
            case let .image(id): "SELECT EXISTS (SELECT 1 FROM feed_item WHERE id = \(id) AND \(unescaped: seen))"
            case let .comment(id):
                """
                SELECT EXISTS (SELECT 1 FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position
                    WHERE comment.id = \(id) AND \(unescaped: seen))
                """
            case let .account(username): "SELECT EXISTS (SELECT 1 FROM account WHERE lower(username) = lower(\(username)))"
            }
        return try await PostgresFeedRepository.exists(query, on: connection, logger: logger)
    }

    private static func content(of target: ReportTarget, on connection: PostgresConnection, logger: Logger) async throws -> ReportedContent? {
        switch target {
        case let .image(id):
            let items = try await PostgresFeedRepository.items(
                "\(unescaped: PostgresFeedRepository.pageColumns) WHERE feed_item.id = \(id)", on: connection, logger: logger)
            return items.first.map { .image($0) }
        case let .comment(id):
            for try await (message, createdAt, username, imageID) in try await connection.query(
                """
                SELECT comment.message, comment.created_at, comment.username, feed_item.id
                FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position WHERE comment.id = \(id)
                """, logger: logger
            ).decode((String, Double, String, UUID).self) {
                let comment = FeedComment(id: id, message: message, createdAt: Date(timeIntervalSince1970: createdAt), username: username)
                return .comment(comment, imageID: imageID)
            }
            return nil
        case let .account(username):
            for try await (name, handle, suspendedAt) in try await connection.query(
                "SELECT name, username, suspended_at FROM account WHERE lower(username) = lower(\(username))", logger: logger
            ).decode((String, String, Double?).self) {
                return .account(username: handle, name: name, suspended: suspendedAt != nil)
            }
            return nil
        }
    }
}
