import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresSocialGraph {
    package func setBlock(_ blocking: Bool, of blockedID: Int64, by blockerID: Int64, at date: Date) async throws {
        try await deadline.bounded { [self] in
            // The follows' triggers tell every instance of the notifications they take away.
            try await version.write(through: client, logger: logger, changed: { _ in true }) { connection in
                if blocking {
                    try await connection.query(
                        """
                        INSERT INTO block (blocker_id, blocked_id, blocked_at) VALUES (\(blockerID), \(blockedID), \(date.timeIntervalSince1970))
                        ON CONFLICT DO NOTHING
                        """, logger: logger)
                    try await connection.query(
                        """
                        DELETE FROM follow WHERE (follower_id = \(blockerID) AND followed_id = \(blockedID))
                            OR (follower_id = \(blockedID) AND followed_id = \(blockerID))
                        """, logger: logger)
                    try await connection.query(
                        """
                        DELETE FROM follow_request WHERE (requester_id = \(blockerID) AND requested_id = \(blockedID))
                            OR (requester_id = \(blockedID) AND requested_id = \(blockerID))
                        """, logger: logger)
                } else {
                    // What either did to the other while the block stood was never told; it is not told now.
                    try await connection.query(
                        """
                        DELETE FROM notification USING block
                        WHERE block.blocker_id = \(blockerID) AND block.blocked_id = \(blockedID) AND notification.created_at >= block.blocked_at
                            AND ((notification.recipient_id = \(blockerID) AND notification.actor_id = \(blockedID))
                                OR (notification.recipient_id = \(blockedID) AND notification.actor_id = \(blockerID)))
                        """, logger: logger)
                    try await connection.query("DELETE FROM block WHERE blocker_id = \(blockerID) AND blocked_id = \(blockedID)", logger: logger)
                }
                for recipient in [blockerID, blockedID] {
                    try await connection.query("SELECT pg_notify(\(PostgresChangeListener.channel), \("n:\(recipient)"))", logger: logger)
                }
            }
        }
    }

    package func setMute(_ muting: Bool, of mutedID: Int64, by muterID: Int64, at date: Date) async throws {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                if muting {
                    try await connection.query(
                        """
                        INSERT INTO mute (muter_id, muted_id, muted_at) VALUES (\(muterID), \(mutedID), \(date.timeIntervalSince1970))
                        ON CONFLICT DO NOTHING
                        """, logger: logger)
                } else {
                    try await connection.query("DELETE FROM mute WHERE muter_id = \(muterID) AND muted_id = \(mutedID)", logger: logger)
                }
                try await connection.query("SELECT pg_notify(\(PostgresChangeListener.channel), \("n:\(muterID)"))", logger: logger)
            }
        }
    }

    package func people(_ list: SilencedList, by accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry] {
        try await deadline.bounded { [self] in
            var binds = PostgresBindings()
            binds.append(accountID)
            binds.append(username?.value ?? "")
            binds.append(Int64(limit))
            var entries: [FollowListEntry] = []
            for try await (listedUsername, name, avatar) in try await client.query(
                PostgresQuery(unsafeSQL: list.pageQuery(placeholders: ("$1", "$2", "$3")), binds: binds), logger: logger
            ).decode((String, String, String?).self) {
                entries.append(FollowListEntry(username: listedUsername, name: name, avatar: try StoredAvatarColumn.avatar(from: avatar)))
            }
            return entries
        }
    }

    package func isBlocked(between firstID: Int64, and secondID: Int64) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                try await Self.isBlocked(between: firstID, and: secondID, on: connection, logger: logger)
            }
        }
    }

    package func blockState(of viewerID: Int64, toward accountID: Int64) async throws -> BlockState {
        try await deadline.bounded { [self] in
            for try await (blocking, muting) in try await client.query(
                """
                SELECT EXISTS (SELECT 1 FROM block WHERE blocker_id = \(viewerID) AND blocked_id = \(accountID)),
                    EXISTS (SELECT 1 FROM mute WHERE muter_id = \(viewerID) AND muted_id = \(accountID))
                """, logger: logger
            ).decode((Bool, Bool).self) {
                return BlockState(blocking: blocking, muting: muting)
            }
            return BlockState(blocking: false, muting: false)
        }
    }

    package func silencedItems(among itemIDs: [UUID], for readerID: Int64) async throws -> Set<UUID> {
        guard !itemIDs.isEmpty else { return [] }
        return try await deadline.bounded { [self] in
            var silenced: Set<UUID> = []
            for try await id in try await client.query(
                """
                SELECT feed_item.id FROM feed_item WHERE feed_item.id = ANY(\(itemIDs)) AND \(unescaped: SilencedAccounts.amongPublicPosts)
                    AND feed_item.author_id IN (\(unescaped: SilencedAccounts.subquery(for: readerID)))
                """, logger: logger
            ).decode(UUID.self) {
                silenced.insert(id)
            }
            return silenced
        }
    }

    static func isBlocked(between firstID: Int64, and secondID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await PostgresFeedRepository.exists(
            """
            SELECT EXISTS (SELECT 1 FROM block WHERE (blocker_id = \(firstID) AND blocked_id = \(secondID))
                OR (blocker_id = \(secondID) AND blocked_id = \(firstID)))
            """, on: connection, logger: logger)
    }

    /// Whether the account and the author of the post at `position` block one another.
    static func isBlocked(_ accountID: Int64, withAuthorOfPostAt position: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await PostgresFeedRepository.exists(
            """
            SELECT EXISTS (SELECT 1 FROM feed_item JOIN block ON (block.blocker_id = feed_item.author_id AND block.blocked_id = \(accountID))
                OR (block.blocker_id = \(accountID) AND block.blocked_id = feed_item.author_id)
                WHERE feed_item.position = \(position))
            """, on: connection, logger: logger)
    }

    /// Accounts the reader does not hear from: muted, or in a block either way.
    static func silenced(by accountID: Int64) -> String {
        """
        SELECT muted_id FROM mute WHERE muter_id = \(accountID)
        UNION SELECT blocked_id FROM block WHERE blocker_id = \(accountID)
        UNION SELECT blocker_id FROM block WHERE blocked_id = \(accountID)
        """
    }
}
