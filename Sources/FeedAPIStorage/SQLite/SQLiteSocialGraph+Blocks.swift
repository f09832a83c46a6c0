import Foundation
import GRDB

extension SQLiteSocialGraph {
    package func setBlock(_ blocking: Bool, of blockedID: Int64, by blockerID: Int64, at date: Date) async throws {
        try await database.write { db in
            if blocking {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO block (blocker_id, blocked_id, blocked_at) VALUES (?, ?, ?)",
                    arguments: [blockerID, blockedID, date.timeIntervalSince1970])
                try db.execute(
                    sql: "DELETE FROM follow WHERE (follower_id = ? AND followed_id = ?) OR (follower_id = ? AND followed_id = ?)",
                    arguments: [blockerID, blockedID, blockedID, blockerID])
                try db.execute(
                    sql: "DELETE FROM follow_request WHERE (requester_id = ? AND requested_id = ?) OR (requester_id = ? AND requested_id = ?)",
                    arguments: [blockerID, blockedID, blockedID, blockerID])
            } else {
                // What either did to the other while the block stood was never told; it is not told now.
                if let since = try Double.fetchOne(
                    db, sql: "SELECT blocked_at FROM block WHERE blocker_id = ? AND blocked_id = ?", arguments: [blockerID, blockedID])
                {
                    try db.execute(
                        sql: """
                            DELETE FROM notification WHERE created_at >= ?
                                AND ((recipient_id = ? AND actor_id = ?) OR (recipient_id = ? AND actor_id = ?))
                            """,
                        arguments: [since, blockerID, blockedID, blockedID, blockerID])
                }
                try db.execute(sql: "DELETE FROM block WHERE blocker_id = ? AND blocked_id = ?", arguments: [blockerID, blockedID])
            }
        }
        // Counts on profiles changed, and what each is told of the other.
        feedVersion.bump()
        events.publish(.notificationsChanged(recipientID: blockerID))
        events.publish(.notificationsChanged(recipientID: blockedID))
    }

    package func setMute(_ muting: Bool, of mutedID: Int64, by muterID: Int64, at date: Date) async throws {
        try await database.write { db in
            if muting {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO mute (muter_id, muted_id, muted_at) VALUES (?, ?, ?)",
                    arguments: [muterID, mutedID, date.timeIntervalSince1970])
            } else {
                try db.execute(sql: "DELETE FROM mute WHERE muter_id = ? AND muted_id = ?", arguments: [muterID, mutedID])
            }
        }
        events.publish(.notificationsChanged(recipientID: muterID))
    }

    package func people(_ list: SilencedList, by accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry] {
        try await database.read { db in
            try Row.fetchAll(db, sql: list.pageQuery(placeholders: ("?", "?", "?")), arguments: [accountID, username?.value ?? "", limit]).map {
                FollowListEntry(username: $0["username"], name: $0["name"], avatar: try StoredAvatarColumn.avatar(from: $0["avatar"]))
            }
        }
    }

    package func isBlocked(between firstID: Int64, and secondID: Int64) async throws -> Bool {
        try await database.read { db in try Self.isBlocked(between: firstID, and: secondID, in: db) }
    }

    package func blockState(of viewerID: Int64, toward accountID: Int64) async throws -> BlockState {
        try await database.read { db in
            BlockState(
                blocking: try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM block WHERE blocker_id = ? AND blocked_id = ?)", arguments: [viewerID, accountID]) ?? false,
                muting: try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM mute WHERE muter_id = ? AND muted_id = ?)", arguments: [viewerID, accountID]) ?? false)
        }
    }

    package func silencedItems(among itemIDs: [UUID], for readerID: Int64) async throws -> Set<UUID> {
        guard !itemIDs.isEmpty else { return [] }
        return try await database.read { db in
            let placeholders = Array(repeating: "?", count: itemIDs.count).joined(separator: ", ")
            var arguments = StatementArguments(itemIDs.map(\.uuidString))
            arguments += StatementArguments([readerID, readerID, readerID])
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT feed_item.id FROM feed_item WHERE feed_item.id IN (\(placeholders)) AND \(SilencedAccounts.amongPublicPosts)
                        AND feed_item.author_id IN (\(SilencedAccounts.subquery))
                    """, arguments: arguments)
            return Set(try ids.map(PhotoRows.uuid(from:)))
        }
    }

    static func isBlocked(between firstID: Int64, and secondID: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM block WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?))
                """,
            arguments: [firstID, secondID, secondID, firstID]) ?? false
    }

    /// Whether the account and the author of the post at `position` block one another.
    static func isBlocked(_ accountID: Int64, withAuthorOfPostAt position: Int64, in db: Database) throws -> Bool {
        guard let author = try Int64.fetchOne(db, sql: "SELECT author_id FROM feed_item WHERE position = ?", arguments: [position]) else {
            return false
        }
        return try isBlocked(between: accountID, and: author, in: db)
    }
}
