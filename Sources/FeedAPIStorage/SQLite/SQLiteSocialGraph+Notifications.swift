import Foundation
import GRDB

extension SQLiteSocialGraph {
    package func notifications(of accountID: Int64, after afterID: Int64?, limit: Int) async throws -> NotificationPage {
        try await database.read { db in
            let readThrough = try Self.readThrough(of: accountID, in: db)
            let items = try Row.fetchAll(
                db,
                sql: """
                    SELECT notification.id, notification.kind, notification.created_at,
                        actor.username, actor.name, actor.avatar, feed_item.id AS image_id, comment.id AS comment_id,
                        CASE WHEN comment.position IS NOT NULL THEN substr(comment.message, 1, \(NotificationLimits.excerptLength))
                            WHEN notification.kind = 'mention' THEN substr(feed_item.description, 1, \(NotificationLimits.excerptLength)) END AS excerpt
                    FROM notification JOIN account AS actor ON actor.id = notification.actor_id
                    LEFT JOIN feed_item ON feed_item.position = notification.feed_item_position
                    LEFT JOIN comment ON comment.position = notification.comment_position
                    WHERE notification.recipient_id = ? AND notification.id < ?
                        AND notification.actor_id NOT IN (\(SilencedAccounts.subquery)) AND \(PostAudience.notificationShown(to: accountID))
                    ORDER BY notification.id DESC LIMIT ?
                    """,
                arguments: [accountID, afterID ?? .max, accountID, accountID, accountID, limit]
            ).map { row in try Self.notification(from: row, readThrough: readThrough) }
            return NotificationPage(items: items, unreadCount: try Self.unreadCount(of: accountID, readThrough: readThrough, in: db))
        }
    }

    package func unreadNotificationCount(of accountID: Int64) async throws -> Int {
        try await database.read { db in
            try Self.unreadCount(of: accountID, readThrough: try Self.readThrough(of: accountID, in: db), in: db)
        }
    }

    package func markNotificationsRead(of accountID: Int64, through id: Int64) async throws -> Int {
        let unread = try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE account SET notifications_read_through = max(notifications_read_through,
                        min(?, (SELECT coalesce(max(id), 0) FROM notification WHERE recipient_id = ?)))
                    WHERE id = ?
                    """,
                arguments: [id, accountID, accountID])
            return try Self.unreadCount(of: accountID, readThrough: try Self.readThrough(of: accountID, in: db), in: db)
        }
        events.publish(.notificationsChanged(recipientID: accountID))
        return unread
    }

    private static func readThrough(of accountID: Int64, in db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT notifications_read_through FROM account WHERE id = ?", arguments: [accountID]) ?? 0
    }

    private static func unreadCount(of accountID: Int64, readThrough: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM (SELECT 1 FROM notification WHERE recipient_id = ? AND id > ?
                    AND actor_id NOT IN (\(SilencedAccounts.subquery)) AND \(PostAudience.notificationShown(to: accountID))
                    LIMIT \(NotificationLimits.countedUnread))
                """,
            arguments: [accountID, readThrough, accountID, accountID, accountID]) ?? 0
    }

    private static func notification(from row: Row, readThrough: Int64) throws -> StoredNotification {
        let id: Int64 = row["id"]
        let kindName: String = row["kind"]
        guard let kind = NotificationKind(rawValue: kindName) else { throw CorruptData(detail: "notification \(id) of unknown kind \(kindName)") }
        return StoredNotification(
            id: id, kind: kind, createdAt: Date(timeIntervalSince1970: row["created_at"]), read: id <= readThrough,
            actor: FollowListEntry(username: row["username"], name: row["name"], avatar: try StoredAvatarColumn.avatar(from: row["avatar"])),
            imageID: try (row["image_id"] as String?).map(PhotoRows.uuid(from:)),
            commentID: try (row["comment_id"] as String?).map(PhotoRows.uuid(from:)),
            excerpt: row["excerpt"])
    }
}
