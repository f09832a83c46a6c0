import FeedAPIStorage
import Foundation
import PostgresNIO

extension PostgresSocialGraph {
    /// One account's changes take turns under a lock of that account, so its bound holds
    /// whichever instance the changes reach; the post's count is kept by a trigger.
    package func setLike(_ liked: Bool, itemID: UUID, by accountID: Int64, at date: Date, limit: ActionLimit) async throws -> LikeState {
        let now = date.timeIntervalSince1970
        let (state, _) = try await deadline.bounded { [self] in
            try await version.write(through: client, logger: logger, changed: { $0.1 }) { connection -> (LikeState, Bool) in
                guard let position = try await PostgresFeedRepository.position(of: itemID, visibleTo: accountID, on: connection, logger: logger) else {
                    throw LikeRefusal.unknownFeedItem(itemID)
                }
                try await PostgresActionWindow.lock(accountID, on: connection, logger: logger)
                let likes = try await PostgresFeedRepository.exists(
                    "SELECT EXISTS (SELECT 1 FROM image_like WHERE feed_item_position = \(position) AND account_id = \(accountID))",
                    on: connection, logger: logger)
                if liked, !likes, try await Self.isBlocked(accountID, withAuthorOfPostAt: position, on: connection, logger: logger) {
                    throw BlockedInteraction()
                }
                if likes != liked {
                    do {
                        try await PostgresActionWindow.admit(.like, ActionQuota(accountID: accountID, limit: limit), at: date, on: connection, logger: logger)
                    } catch let reached as ActionLimitReached {
                        throw LikeRefusal.tooManyChanges(until: reached.until)
                    }
                    if liked {
                        try await connection.query(
                            "INSERT INTO image_like (feed_item_position, account_id, liked_at) VALUES (\(position), \(accountID), \(now))",
                            logger: logger)
                    } else {
                        try await connection.query(
                            "DELETE FROM image_like WHERE feed_item_position = \(position) AND account_id = \(accountID)", logger: logger)
                    }
                }
                var count = 0
                for try await value in try await connection.query(
                    "SELECT like_count FROM feed_item WHERE position = \(position)", logger: logger
                ).decode(Int.self) {
                    count = value
                }
                return (LikeState(liked: liked, likeCount: count), likes != liked)
            }
        }
        return state
    }

    package func likers(of itemID: UUID, visibleTo viewerID: Int64?, after username: Username?, limit: Int) async throws -> [Liker] {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                guard let position = try await PostgresFeedRepository.position(of: itemID, visibleTo: viewerID, reading: true, on: connection, logger: logger)
                else {
                    throw LikeRefusal.unknownFeedItem(itemID)
                }
                var start: (likedAt: Double, accountID: Int64) = (.infinity, .max)
                if let username {
                    var found: (Double, Int64)?
                    for try await row in try await connection.query(
                        """
                        SELECT image_like.liked_at, image_like.account_id FROM image_like JOIN account ON account.id = image_like.account_id
                        WHERE image_like.feed_item_position = \(position) AND lower(account.username) = lower(\(username.value))
                        """, logger: logger
                    ).decode((Double, Int64).self) {
                        found = row
                    }
                    guard let found else { throw SocialGraphError.notInList(username.value) }
                    start = found
                }
                var likers: [Liker] = []
                for try await (username, name, avatar) in try await connection.query(
                    """
                    SELECT account.username, account.name, account.avatar FROM image_like JOIN account ON account.id = image_like.account_id
                    WHERE image_like.feed_item_position = \(position) AND (image_like.liked_at, image_like.account_id) < (\(start.likedAt), \(start.accountID))
                        AND account.suspended_at IS NULL AND \(unescaped: BlockedAuthors.excluded(for: viewerID))
                    ORDER BY image_like.liked_at DESC, image_like.account_id DESC LIMIT \(limit)
                    """, logger: logger
                ).decode((String, String, String?).self) {
                    likers.append(Liker(username: username, name: name, avatar: try StoredAvatarColumn.avatar(from: avatar)))
                }
                return likers
            }
        }
    }

    package func likedItems(among itemIDs: [UUID], by accountID: Int64) async throws -> Set<UUID> {
        guard !itemIDs.isEmpty else { return [] }
        return try await deadline.bounded { [self] in
            var liked: Set<UUID> = []
            for try await id in try await client.query(
                """
                SELECT feed_item.id FROM image_like JOIN feed_item ON feed_item.position = image_like.feed_item_position
                WHERE image_like.account_id = \(accountID) AND feed_item.id = ANY(\(itemIDs))
                    AND \(unescaped: PostAudience.readable(by: accountID)) AND \(unescaped: PostAudience.byUnsuspendedAuthor())
                """, logger: logger
            ).decode(UUID.self) {
                liked.insert(id)
            }
            return liked
        }
    }
}
