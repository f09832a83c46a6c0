import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresSocialGraph {
    package func notifications(of accountID: Int64, after afterID: Int64?, limit: Int) async throws -> NotificationPage {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let readThrough = try await Self.readThrough(of: accountID, on: connection, logger: logger)
                var items: [StoredNotification] = []
                let excerpt = String(NotificationLimits.excerptLength)
                let rows = try await connection.query(
                    """
                    SELECT notification.id, notification.kind, notification.created_at,
                        actor.username, actor.name, actor.avatar, feed_item.id, comment.id,
                        CASE WHEN comment.position IS NOT NULL THEN substr(comment.message, 1, \(unescaped: excerpt))
                            WHEN notification.kind = 'mention' THEN substr(feed_item.description, 1, \(unescaped: excerpt)) END
                    FROM notification JOIN account AS actor ON actor.id = notification.actor_id
                    LEFT JOIN feed_item ON feed_item.position = notification.feed_item_position
                    LEFT JOIN comment ON comment.position = notification.comment_position
                    WHERE notification.recipient_id = \(accountID) AND notification.id < \(afterID ?? .max)
                        AND notification.actor_id NOT IN (\(unescaped: Self.silenced(by: accountID)))
                        AND \(unescaped: PostAudience.notificationShown(to: accountID))
                    ORDER BY notification.id DESC LIMIT \(limit)
                    """, logger: logger)
                for try await (id, kindName, createdAt, username, name, avatar, imageID, commentID, excerpt) in rows.decode(
                    (Int64, String, Double, String, String, String?, UUID?, UUID?, String?).self)
                {
                    guard let kind = NotificationKind(rawValue: kindName) else {
                        throw CorruptData(detail: "notification \(id) of unknown kind \(kindName)")
                    }
                    items.append(
                        StoredNotification(
                            id: id, kind: kind, createdAt: Date(timeIntervalSince1970: createdAt), read: id <= readThrough,
                            actor: FollowListEntry(username: username, name: name, avatar: try StoredAvatarColumn.avatar(from: avatar)),
                            imageID: imageID, commentID: commentID, excerpt: excerpt))
                }
                let unread = try await Self.unreadCount(of: accountID, readThrough: readThrough, on: connection, logger: logger)
                return NotificationPage(items: items, unreadCount: unread)
            }
        }
    }

    package func unreadNotificationCount(of accountID: Int64) async throws -> Int {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let readThrough = try await Self.readThrough(of: accountID, on: connection, logger: logger)
                return try await Self.unreadCount(of: accountID, readThrough: readThrough, on: connection, logger: logger)
            }
        }
    }

    package func markNotificationsRead(of accountID: Int64, through id: Int64) async throws -> Int {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await connection.query(
                    """
                    UPDATE account SET notifications_read_through = greatest(notifications_read_through,
                        least(\(id), (SELECT coalesce(max(id), 0) FROM notification WHERE recipient_id = \(accountID))))
                    WHERE id = \(accountID)
                    """, logger: logger)
                // Every instance's streams of this person show the count now read.
                try await connection.query("SELECT pg_notify(\(PostgresChangeListener.channel), \("n:\(accountID)"))", logger: logger)
                let readThrough = try await Self.readThrough(of: accountID, on: connection, logger: logger)
                return try await Self.unreadCount(of: accountID, readThrough: readThrough, on: connection, logger: logger)
            }
        }
    }

    private static func readThrough(of accountID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        for try await value in try await connection.query(
            "SELECT notifications_read_through FROM account WHERE id = \(accountID)", logger: logger
        ).decode(Int64.self) {
            return value
        }
        return 0
    }

    private static func unreadCount(of accountID: Int64, readThrough: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        for try await count in try await connection.query(
            """
            SELECT count(*) FROM (SELECT 1 FROM notification WHERE recipient_id = \(accountID) AND id > \(readThrough)
                AND actor_id NOT IN (\(unescaped: silenced(by: accountID))) AND \(unescaped: PostAudience.notificationShown(to: accountID))
                LIMIT \(NotificationLimits.countedUnread)) AS unread
            """, logger: logger
        ).decode(Int.self) {
            return count
        }
        return 0
    }
}

/// Tells people that a post or a comment mentions them, in the transaction that adds it.
enum PostgresMentions {
    /// Nobody is told of their own mention, nor of a mention in a comment on their own photo
    /// (the comment tells them already), nor of one in a post they may not read (for followers,
    /// or by someone in a block with them); names of nobody are passed over.
    /// `date`: when they are told of it; by default, when the comment or the post was written.
    static func tell(
        _ usernames: [String], byUsername mentioner: String, of itemPosition: Int64, comment commentPosition: Int64?, at date: Date? = nil,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !usernames.isEmpty else { return }
        let names = Array(Set(usernames.map { $0.lowercased() }))
        try await connection.query(
            """
            INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, comment_position, created_at)
            SELECT mentioned.id, actor.id, 'mention', \(itemPosition), \(commentPosition),
                coalesce(\(date?.timeIntervalSince1970)::DOUBLE PRECISION, (SELECT created_at FROM comment WHERE position = \(commentPosition)),
                    (SELECT created_at FROM feed_item WHERE position = \(itemPosition)), 0)
            FROM account AS mentioned JOIN account AS actor ON lower(actor.username) = lower(\(mentioner))
            WHERE mentioned.id <> actor.id
                AND (\(commentPosition)::BIGINT IS NULL
                    OR mentioned.id IS DISTINCT FROM (SELECT author_id FROM feed_item WHERE position = \(itemPosition)))
                AND EXISTS (SELECT 1 FROM feed_item AS post WHERE post.position = \(itemPosition)
                    AND \(unescaped: PostAudience.readable("mentioned.id", table: "post")))
                AND lower(mentioned.username) = ANY(\(names))
            """, logger: logger)
    }

    /// A post's description changed: whoever it no longer mentions is no longer told of the
    /// post; whoever it mentions anew is, within `quota` (counted as a post that mentions
    /// people).
    static func retell(
        _ usernames: [String], quota: ActionQuota?, at date: Date, ofPost itemPosition: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let names = Array(Set(usernames.map { $0.lowercased() }))
        try await connection.query(
            """
            DELETE FROM notification USING account
            WHERE account.id = notification.recipient_id AND notification.feed_item_position = \(itemPosition)
                AND notification.comment_position IS NULL AND notification.kind = 'mention' AND NOT (lower(account.username) = ANY(\(names)))
            """, logger: logger)
        var toldAlready = Set<String>()
        for try await name in try await connection.query(
            """
            SELECT lower(account.username) FROM notification JOIN account ON account.id = notification.recipient_id
            WHERE notification.feed_item_position = \(itemPosition) AND notification.comment_position IS NULL AND notification.kind = 'mention'
            """, logger: logger
        ).decode(String.self) {
            toldAlready.insert(name)
        }
        let anew = names.filter { !toldAlready.contains($0) }
        var author: String?
        for try await username in try await connection.query(
            "SELECT account.username FROM feed_item JOIN account ON account.id = feed_item.author_id WHERE feed_item.position = \(itemPosition)",
            logger: logger
        ).decode(String.self) {
            author = username
        }
        guard !anew.isEmpty, let author else { return }
        if let quota {
            do {
                try await PostgresActionWindow.admit(.mention, quota, at: date, on: connection, logger: logger)
            } catch is ActionLimitReached {
                return
            }
        }
        try await tell(anew, byUsername: author, of: itemPosition, comment: nil, at: date, on: connection, logger: logger)
    }
}
