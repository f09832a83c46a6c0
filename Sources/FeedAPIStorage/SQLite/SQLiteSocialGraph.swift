import Foundation
import GRDB
import MediaPipeline

/// Following and profiles in the API's SQLite file (see `SocialMigrations`).
package struct SQLiteSocialGraph: SocialGraph {
    let database: DatabasePool
    /// A profile's name shows on the feed's items: changing it moves the feed's version on.
    let feedVersion: DataVersion
    let events: FeedChanges

    package func profile(named username: Username) async throws -> Profile? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, username, name, bio, created_at, posts_count, followers_count, following_count, avatar, locked
                    FROM account WHERE username = ?
                    """,
                arguments: [username.value]
            ).map { row in
                Profile(
                    accountID: row["id"], username: row["username"], name: row["name"], bio: row["bio"],
                    createdAt: Date(timeIntervalSince1970: row["created_at"]), postsCount: row["posts_count"],
                    followersCount: row["followers_count"], followingCount: row["following_count"],
                    avatar: try StoredAvatarColumn.avatar(from: row["avatar"]), locked: row["locked"])
            }
        }
    }

    package func relationship(of viewerID: Int64, to accountID: Int64) async throws -> Relationship {
        try await database.read { db in
            let follows = "SELECT EXISTS (SELECT 1 FROM follow WHERE follower_id = ? AND followed_id = ?)"
            return Relationship(
                following: try Bool.fetchOne(db, sql: follows, arguments: [viewerID, accountID]) ?? false,
                followedBy: try Bool.fetchOne(db, sql: follows, arguments: [accountID, viewerID]) ?? false)
        }
    }

    package func follow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int {
        try await changeFollow(
            "INSERT OR IGNORE INTO follow (follower_id, followed_id, followed_at) VALUES (?, ?, ?)",
            arguments: [followerID, followedID, date.timeIntervalSince1970], of: followedID, by: followerID, at: date, limit: limit,
            refusedWhenBlocked: true)
    }

    package func unfollow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int {
        try await changeFollow(
            // A request waiting to be accepted is taken back too.
            "DELETE FROM follow WHERE follower_id = ? AND followed_id = ?; DELETE FROM follow_request WHERE requester_id = ? AND requested_id = ?",
            arguments: [followerID, followedID, followerID, followedID], of: followedID, by: followerID,
            at: date, limit: limit)
    }

    /// A change that changed nothing is not counted against the follower's limit.
    /// - Throws: `BlockedInteraction` for a follow between two accounts one of which blocks the other.
    private func changeFollow(
        _ change: String, arguments: StatementArguments, of followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?,
        refusedWhenBlocked: Bool = false
    ) async throws -> Int {
        let (count, changed) = try await database.write { db -> (Int, Bool) in
            if refusedWhenBlocked, try Self.isBlocked(between: followerID, and: followedID, in: db) { throw BlockedInteraction() }
            let changesBefore = db.totalChangesCount
            try db.execute(sql: change, arguments: arguments)
            let changed = db.totalChangesCount > changesBefore
            if changed, let limit {
                try SQLiteActionWindow.admit(.follow, ActionQuota(accountID: followerID, limit: limit), at: date, in: db)
            }
            return (try Self.followersCount(of: followedID, in: db), changed)
        }
        if changed {
            events.publish(.notificationsChanged(recipientID: followedID))
            // An unfollow takes back the follower's notice that they were accepted.
            events.publish(.notificationsChanged(recipientID: followerID))
        }
        return count
    }

    package func followers(of accountID: Int64, among accountIDs: [Int64]) async throws -> Set<Int64> {
        guard !accountIDs.isEmpty else { return [] }
        return try await database.read { db in
            var followers: Set<Int64> = []
            // Bounded statements however many are online.
            for batch in stride(from: 0, to: accountIDs.count, by: 500).map({ Array(accountIDs[$0..<min($0 + 500, accountIDs.count)]) }) {
                let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
                var arguments: StatementArguments = [accountID]
                arguments += StatementArguments(batch)
                followers.formUnion(
                    try Int64.fetchAll(
                        db,
                        sql: """
                            SELECT follower_id FROM follow WHERE followed_id = ? AND follower_id IN (\(placeholders))
                                AND follower_id NOT IN (SELECT muter_id FROM mute WHERE muted_id = ?)
                            """,
                        arguments: arguments + [accountID]))
            }
            return followers
        }
    }

    package func list(_ list: FollowList, of accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry] {
        // Followers: the rows that follow the account, each naming its follower; following, the reverse.
        let (owner, listed) = list == .followers ? ("followed_id", "follower_id") : ("follower_id", "followed_id")
        return try await database.read { db in
            var start = Int64.max
            if let username {
                guard
                    let position = try Int64.fetchOne(
                        db,
                        sql: "SELECT follow.position FROM follow JOIN account ON account.id = follow.\(listed) WHERE follow.\(owner) = ? AND account.username = ?",
                        arguments: [accountID, username.value])
                else { throw SocialGraphError.notInList(username.value) }
                start = position
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT account.username, account.name, account.avatar FROM follow JOIN account ON account.id = follow.\(listed)
                    WHERE follow.\(owner) = ? AND follow.position < ? ORDER BY follow.position DESC LIMIT ?
                    """,
                arguments: [accountID, start, limit]
            ).map { FollowListEntry(username: $0["username"], name: $0["name"], avatar: try StoredAvatarColumn.avatar(from: $0["avatar"])) }
        }
    }

    package func updateProfile(of accountID: Int64, name: String?, bio: String?) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE account SET name = coalesce(?, name), search_name = coalesce(?, search_name), bio = coalesce(?, bio) WHERE id = ?",
                arguments: [name, name.map(PeopleSearch.folded), bio, accountID])
        }
        feedVersion.bump()
    }

    package func setAvatar(of accountID: Int64, to avatar: ProcessedAvatar?) async throws {
        try await database.write { db in
            var text: String?
            if let avatar, let details = AvatarDetails(avatar) {
                let insertImage = try db.cachedStatement(
                    sql: "INSERT OR IGNORE INTO image (digest, content_type, data) VALUES (?, ?, ?)")
                for encoded in avatar.renditions.values {
                    try insertImage.execute(arguments: [ImageDigest(of: encoded.bytes).hex, encoded.mediaType, encoded.bytes])
                }
                text = StoredAvatarColumn.text(of: details)
            }
            try db.execute(sql: "UPDATE account SET avatar = ? WHERE id = ?", arguments: [text, accountID])
        }
        feedVersion.bump()
    }

    package func postCount(by accountID: Int64, visibleTo viewerID: Int64?) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM feed_item WHERE author_id = ? AND \(PostAudience.readable(by: viewerID))
                        AND \(PostAudience.byUnsuspendedAuthor())
                    """, arguments: [accountID]) ?? 0
        }
    }

    package func posts(by accountID: Int64, visibleTo viewerID: Int64?, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await page(
            where: "feed_item.author_id = ? AND \(PostAudience.readable(by: viewerID))", arguments: [accountID], after: itemID, limit: limit)
    }

    package func posts(by accountID: Int64, visibleTo viewerID: Int64?, before itemID: UUID, limit: Int) async throws -> [FeedItem] {
        try await database.read { db in
            let end = try SQLiteFeedRepository.startPosition(after: itemID, in: db)
            return try Row.fetchAll(
                db,
                sql: """
                    \(SQLiteFeedRepository.itemColumns) WHERE feed_item.author_id = ? AND feed_item.position < ? AND \(SQLiteFeedRepository.isShown)
                        AND \(PostAudience.readable(by: viewerID))
                    ORDER BY feed_item.position DESC LIMIT ?
                    """,
                arguments: [accountID, end, limit]
            ).map(SQLiteFeedRepository.feedItem(from:)).reversed()
        }
    }

    package func timeline(of accountID: Int64, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await database.read { db in
            let start = try SQLiteFeedRepository.startPosition(after: itemID, in: db)
            let positions = try Self.timelinePositions(of: accountID, after: start, limit: limit, in: db)
            guard !positions.isEmpty else { return [] }
            let placeholders = Array(repeating: "?", count: positions.count).joined(separator: ", ")
            return try Row.fetchAll(
                db,
                sql: "\(SQLiteFeedRepository.itemColumns) WHERE feed_item.position IN (\(placeholders)) AND \(SQLiteFeedRepository.isShown) ORDER BY feed_item.position",
                arguments: StatementArguments(positions)
            ).map(SQLiteFeedRepository.feedItem(from:))
        }
    }

    /// The positions of a timeline page, found the cheaper of two ways (see `TimelinePlan`).
    private static func timelinePositions(of accountID: Int64, after start: Int64, limit: Int, in db: Database) throws -> [Int64] {
        let walked = try Int64.fetchAll(
            db,
            sql: """
                SELECT position FROM (SELECT position, author_id FROM feed_item WHERE position > ? ORDER BY position LIMIT ?)
                WHERE author_id = ? OR author_id IN (\(Self.heardFollowed))
                ORDER BY position LIMIT ?
                """,
            arguments: [start, TimelinePlan.walk(limit: limit), accountID, accountID, accountID, accountID, accountID, limit])
        if walked.count == limit { return walked }
        let authors =
            try [accountID] + Int64.fetchAll(db, sql: Self.heardFollowed, arguments: [accountID, accountID, accountID, accountID])
        let nextPosts = try db.cachedStatement(
            sql: "SELECT position FROM feed_item WHERE author_id = ? AND position > ? ORDER BY position LIMIT ?")
        var merged: [Int64] = []
        for author in authors {
            merged += try Int64.fetchAll(nextPosts, arguments: [author, start, limit])
        }
        return TimelinePlan.firstPositions(merged, limit: limit)
    }

    /// The people an account follows and hears from (none muted, none in a block), given the
    /// account's id four times.
    private static let heardFollowed = "SELECT followed_id FROM follow WHERE follower_id = ? AND followed_id NOT IN (\(SilencedAccounts.subquery))"

    private func page(where condition: String, arguments: StatementArguments, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await database.read { db in
            let start = try SQLiteFeedRepository.startPosition(after: itemID, in: db)
            return try Row.fetchAll(
                db,
                sql: "\(SQLiteFeedRepository.itemColumns) WHERE \(condition) AND feed_item.position > ? AND \(SQLiteFeedRepository.isShown) ORDER BY feed_item.position LIMIT ?",
                arguments: arguments + [start, limit]
            ).map(SQLiteFeedRepository.feedItem(from:))
        }
    }

    private static func followersCount(of accountID: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT followers_count FROM account WHERE id = ?", arguments: [accountID]) ?? 0
    }
}
