import Foundation
import GRDB

extension SQLiteSocialGraph {
    package func setLike(_ liked: Bool, itemID: UUID, by accountID: Int64, at date: Date, limit: ActionLimit) async throws -> LikeState {
        let now = date.timeIntervalSince1970
        let (state, told, changed) = try await database.write { db -> (LikeState, Int64?, Bool) in
            guard let position = try SQLiteFeedRepository.position(of: itemID, visibleTo: accountID, in: db) else {
                throw LikeRefusal.unknownFeedItem(itemID)
            }
            let likes =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM image_like WHERE feed_item_position = ? AND account_id = ?)", arguments: [position, accountID]
                ) ?? false
            if liked, !likes, try Self.isBlocked(accountID, withAuthorOfPostAt: position, in: db) { throw BlockedInteraction() }
            if likes != liked {
                do {
                    try SQLiteActionWindow.admit(.like, ActionQuota(accountID: accountID, limit: limit), at: date, in: db)
                } catch let reached as ActionLimitReached {
                    throw LikeRefusal.tooManyChanges(until: reached.until)
                }
                if liked {
                    try db.execute(
                        sql: "INSERT INTO image_like (feed_item_position, account_id, liked_at) VALUES (?, ?, ?)", arguments: [position, accountID, now])
                } else {
                    try db.execute(sql: "DELETE FROM image_like WHERE feed_item_position = ? AND account_id = ?", arguments: [position, accountID])
                }
            }
            let row = try Row.fetchOne(db, sql: "SELECT like_count, author_id FROM feed_item WHERE position = ?", arguments: [position])
            let owner: Int64? = row?["author_id"]
            let state = LikeState(liked: liked, likeCount: row?["like_count"] ?? 0)
            return (state, likes != liked ? owner : nil, likes != liked)
        }
        // Pages carry the count: a change is a new version of the feed.
        if changed { feedVersion.bump() }
        if let told, told != accountID { events.publish(.notificationsChanged(recipientID: told)) }
        return state
    }

    package func likers(of itemID: UUID, visibleTo viewerID: Int64?, after username: Username?, limit: Int) async throws -> [Liker] {
        try await database.read { db in
            guard let position = try SQLiteFeedRepository.position(of: itemID, visibleTo: viewerID, reading: true, in: db) else {
                throw LikeRefusal.unknownFeedItem(itemID)
            }
            var start: (likedAt: Double, accountID: Int64) = (.infinity, .max)
            if let username {
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT image_like.liked_at, image_like.account_id FROM image_like JOIN account ON account.id = image_like.account_id
                            WHERE image_like.feed_item_position = ? AND account.username = ?
                            """,
                        arguments: [position, username.value])
                else { throw SocialGraphError.notInList(username.value) }
                start = (row["liked_at"], row["account_id"])
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT account.username, account.name, account.avatar FROM image_like JOIN account ON account.id = image_like.account_id
                    WHERE image_like.feed_item_position = ? AND (image_like.liked_at, image_like.account_id) < (?, ?)
                        AND account.suspended_at IS NULL AND \(BlockedAuthors.excluded(for: viewerID))
                    ORDER BY image_like.liked_at DESC, image_like.account_id DESC LIMIT ?
                    """,
                arguments: [position, start.likedAt, start.accountID, limit]
            ).map { Liker(username: $0["username"], name: $0["name"], avatar: try StoredAvatarColumn.avatar(from: $0["avatar"])) }
        }
    }

    package func likedItems(among itemIDs: [UUID], by accountID: Int64) async throws -> Set<UUID> {
        guard !itemIDs.isEmpty else { return [] }
        return try await database.read { db in
            let placeholders = Array(repeating: "?", count: itemIDs.count).joined(separator: ", ")
            var arguments = StatementArguments([accountID])
            arguments += StatementArguments(itemIDs.map(\.uuidString))
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT feed_item.id FROM image_like JOIN feed_item ON feed_item.position = image_like.feed_item_position
                    WHERE image_like.account_id = ? AND feed_item.id IN (\(placeholders)) AND \(PostAudience.readable(by: accountID))
                        AND \(PostAudience.byUnsuspendedAuthor())
                    """,
                arguments: arguments)
            return Set(try ids.map(PhotoRows.uuid(from:)))
        }
    }
}
