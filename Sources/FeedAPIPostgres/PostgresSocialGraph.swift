import FeedAPIStorage
import Foundation
import Logging
import MediaPipeline
import PostgresNIO
import PostgresSupport

/// Following and profiles on PostgreSQL, shared by every API instance: a follow made through
/// one shows in the timeline another serves at once (nothing of it is cached).
package struct PostgresSocialGraph: SocialGraph {
    let client: PostgresClient
    /// A profile's name shows on the feed's items: changing it tells every instance.
    let version: SharedDataVersion
    let deadline: DatabaseDeadline
    let logger: Logger

    package func profile(named username: Username) async throws -> Profile? {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT id, username, name, bio, created_at, posts_count, followers_count, following_count, avatar, locked
                FROM account WHERE lower(username) = lower(\(username.value))
                """, logger: logger)
            for try await (id, name, displayName, bio, createdAt, posts, followers, following, avatar, locked) in rows.decode(
                (Int64, String, String, String, Double, Int, Int, Int, String?, Bool).self)
            {
                return Profile(
                    accountID: id, username: name, name: displayName, bio: bio, createdAt: Date(timeIntervalSince1970: createdAt),
                    postsCount: posts, followersCount: followers, followingCount: following,
                    avatar: try StoredAvatarColumn.avatar(from: avatar), locked: locked)
            }
            return nil
        }
    }

    package func relationship(of viewerID: Int64, to accountID: Int64) async throws -> Relationship {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT EXISTS (SELECT 1 FROM follow WHERE follower_id = \(viewerID) AND followed_id = \(accountID)),
                       EXISTS (SELECT 1 FROM follow WHERE follower_id = \(accountID) AND followed_id = \(viewerID))
                """, logger: logger)
            for try await (following, followedBy) in rows.decode((Bool, Bool).self) {
                return Relationship(following: following, followedBy: followedBy)
            }
            return Relationship(following: false, followedBy: false)
        }
    }

    package func follow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int {
        try await changeFollow(
            """
            INSERT INTO follow (follower_id, followed_id, followed_at) VALUES (\(followerID), \(followedID), \(date.timeIntervalSince1970))
            ON CONFLICT (follower_id, followed_id) DO NOTHING RETURNING 1
            """, of: followedID, by: followerID, at: date, limit: limit, refusedWhenBlocked: true)
    }

    package func unfollow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int {
        try await changeFollow(
            // A request waiting to be accepted is taken back too.
            """
            WITH unfollowed AS (DELETE FROM follow WHERE follower_id = \(followerID) AND followed_id = \(followedID) RETURNING 1),
                taken_back AS (DELETE FROM follow_request WHERE requester_id = \(followerID) AND requested_id = \(followedID) RETURNING 1)
            SELECT 1 FROM unfollowed UNION ALL SELECT 1 FROM taken_back
            """, of: followedID, by: followerID, at: date, limit: limit)
    }

    /// A change that changed nothing is not counted against the follower's limit.
    /// - Throws: `BlockedInteraction` for a follow between two accounts one of which blocks the other.
    private func changeFollow(
        _ change: PostgresQuery, of followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?, refusedWhenBlocked: Bool = false
    ) async throws -> Int {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                if refusedWhenBlocked, try await Self.isBlocked(between: followerID, and: followedID, on: connection, logger: logger) {
                    throw BlockedInteraction()
                }
                var changed = false
                for try await _ in try await connection.query(change, logger: logger) { changed = true }
                if changed, let limit {
                    try await PostgresActionWindow.admit(.follow, ActionQuota(accountID: followerID, limit: limit), at: date, on: connection, logger: logger)
                }
                for try await count in try await connection.query(
                    "SELECT followers_count FROM account WHERE id = \(followedID)", logger: logger
                ).decode(Int.self) {
                    return count
                }
                return 0
            }
        }
    }

    package func followers(of accountID: Int64, among accountIDs: [Int64]) async throws -> Set<Int64> {
        guard !accountIDs.isEmpty else { return [] }
        return try await deadline.bounded { [self] in
            var followers: Set<Int64> = []
            for try await follower in try await client.query(
                """
                SELECT follower_id FROM follow WHERE followed_id = \(accountID) AND follower_id = ANY(\(accountIDs))
                    AND follower_id NOT IN (SELECT muter_id FROM mute WHERE muted_id = \(accountID))
                """, logger: logger
            ).decode(Int64.self) {
                followers.insert(follower)
            }
            return followers
        }
    }

    package func list(_ list: FollowList, of accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry] {
        // Followers: the rows that follow the account, each naming its follower; following, the reverse.
        let (owner, listed) = list == .followers ? ("followed_id", "follower_id") : ("follower_id", "followed_id")
        return try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                var start = Int64.max
                if let username {
                    var found: Int64?
                    for try await position in try await connection.query(
                        """
                        SELECT follow.position FROM follow JOIN account ON account.id = follow.\(unescaped: listed)
                        WHERE follow.\(unescaped: owner) = \(accountID) AND lower(account.username) = lower(\(username.value))
                        """, logger: logger
                    ).decode(Int64.self) {
                        found = position
                    }
                    guard let found else { throw SocialGraphError.notInList(username.value) }
                    start = found
                }
                var entries: [FollowListEntry] = []
                for try await (listedUsername, name, avatar) in try await connection.query(
                    """
                    SELECT account.username, account.name, account.avatar FROM follow JOIN account ON account.id = follow.\(unescaped: listed)
                    WHERE follow.\(unescaped: owner) = \(accountID) AND follow.position < \(start)
                    ORDER BY follow.position DESC LIMIT \(limit)
                    """, logger: logger
                ).decode((String, String, String?).self) {
                    entries.append(FollowListEntry(username: listedUsername, name: name, avatar: try StoredAvatarColumn.avatar(from: avatar)))
                }
                return entries
            }
        }
    }

    package func updateProfile(of accountID: Int64, name: String?, bio: String?) async throws {
        try await deadline.bounded { [self] in
            try await version.write(through: client, logger: logger, changed: { _ in true }) { connection in
                try await connection.query(
                    """
                    UPDATE account SET name = coalesce(\(name), name), search_name = coalesce(\(name.map(PeopleSearch.folded)), search_name),
                        bio = coalesce(\(bio), bio) WHERE id = \(accountID)
                    """, logger: logger)
            }
        }
    }

    package func setAvatar(of accountID: Int64, to avatar: ProcessedAvatar?) async throws {
        let details = avatar.flatMap(AvatarDetails.init)
        try await deadline.bounded { [self] in
            try await version.write(through: client, logger: logger, changed: { _ in true }) { connection in
                if let avatar {
                    for encoded in avatar.renditions.values.sorted(by: { $0.width < $1.width }) {
                        try await PostgresFeedRepository.insertImage(
                            digest: ImageDigest(of: encoded.bytes), contentType: encoded.mediaType, data: encoded.bytes, on: connection, logger: logger)
                    }
                }
                try await connection.query(
                    "UPDATE account SET avatar = \(details.map(StoredAvatarColumn.text(of:))) WHERE id = \(accountID)", logger: logger)
            }
        }
    }

    package func postCount(by accountID: Int64, visibleTo viewerID: Int64?) async throws -> Int {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT count(*) FROM feed_item WHERE author_id = \(accountID) AND \(unescaped: PostAudience.readable(by: viewerID))
                    AND \(unescaped: PostAudience.byUnsuspendedAuthor())
                """, logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }

    package func posts(by accountID: Int64, visibleTo viewerID: Int64?, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await page(after: itemID) { start in
            """
            \(unescaped: PostgresFeedRepository.pageColumns) WHERE feed_item.author_id = \(accountID) AND feed_item.position > \(start)
                AND \(unescaped: PostgresFeedRepository.isShown) AND \(unescaped: PostAudience.readable(by: viewerID))
            ORDER BY feed_item.position LIMIT \(limit)
            """
        }
    }

    package func posts(by accountID: Int64, visibleTo viewerID: Int64?, before itemID: UUID, limit: Int) async throws -> [FeedItem] {
        try await page(after: itemID) { end in
            """
            \(unescaped: PostgresFeedRepository.pageColumns) WHERE feed_item.author_id = \(accountID) AND feed_item.position < \(end)
                AND \(unescaped: PostgresFeedRepository.isShown) AND \(unescaped: PostAudience.readable(by: viewerID))
            ORDER BY feed_item.position DESC LIMIT \(limit)
            """
        }.reversed()
    }

    package func timeline(of accountID: Int64, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        // The walk first, the merge when it finds too few (see `TimelinePlan`).
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let start = try await PostgresFeedRepository.startPosition(after: itemID, on: connection, logger: logger)
                let walked = try await PostgresFeedRepository.items(
                    """
                    \(unescaped: PostgresFeedRepository.pageColumns)
                    WHERE feed_item.position IN (
                        SELECT position FROM (SELECT position, author_id FROM feed_item WHERE position > \(start) ORDER BY position LIMIT \(TimelinePlan.walk(limit: limit))) AS walked
                        WHERE author_id = \(accountID) OR author_id IN (
                            SELECT followed_id FROM follow
                            WHERE follower_id = \(accountID) AND followed_id NOT IN (\(unescaped: Self.silenced(by: accountID))))
                        ORDER BY position LIMIT \(limit))
                    AND \(unescaped: PostgresFeedRepository.isShown)
                    ORDER BY feed_item.position
                    """, on: connection, logger: logger)
                if walked.count == limit { return walked }
                return try await PostgresFeedRepository.items(
                    """
                    \(unescaped: PostgresFeedRepository.pageColumns)
                    WHERE feed_item.position IN (
                        SELECT next.position
                        FROM (
                            SELECT followed_id AS author_id FROM follow
                            WHERE follower_id = \(accountID) AND followed_id NOT IN (\(unescaped: Self.silenced(by: accountID)))
                            UNION SELECT \(accountID)) AS people
                        CROSS JOIN LATERAL (
                            SELECT position FROM feed_item
                            WHERE feed_item.author_id = people.author_id AND feed_item.position > \(start)
                            ORDER BY feed_item.position LIMIT \(limit)) AS next
                        ORDER BY next.position LIMIT \(limit))
                    AND \(unescaped: PostgresFeedRepository.isShown)
                    ORDER BY feed_item.position
                    """, on: connection, logger: logger)
            }
        }
    }

    private func page(after itemID: UUID?, query: @escaping @Sendable (Int64) -> PostgresQuery) async throws -> [FeedItem] {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let start = try await PostgresFeedRepository.startPosition(after: itemID, on: connection, logger: logger)
                return try await PostgresFeedRepository.items(query(start), on: connection, logger: logger)
            }
        }
    }
}
