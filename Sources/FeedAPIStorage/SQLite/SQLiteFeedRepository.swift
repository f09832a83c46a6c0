import Foundation
import GRDB
import MediaPipeline

/// The feed in the API's SQLite file (see `APIDatabase`).
///
/// One server process per file: `dataVersion` counts the writes made through
/// this instance, so writes by another process would not be seen by response caches.
package final class SQLiteFeedRepository: FeedRepository {
    let database: DatabasePool
    /// Moved on by every write that changes what a feed page shows, the social graph's too.
    let version = DataVersion()
    let changes: FeedChanges

    init(database: DatabasePool, changes: FeedChanges) {
        self.database = database
        self.changes = changes
    }

    /// The feed position of an item id, through the unique index on `id`.
    static let positionQuery = "SELECT position FROM feed_item WHERE id = ?"

    /// The position of a post `viewerID` may see (`reading` it: and not one of someone in a
    /// block with them).
    static func position(of itemID: UUID, visibleTo viewerID: Int64?, reading: Bool = false, in db: Database) throws -> Int64? {
        let audience = reading ? PostAudience.readable(by: viewerID) : PostAudience.includes(accountID: viewerID)
        return try Int64.fetchOne(
            db, sql: "SELECT position FROM feed_item WHERE id = ? AND \(audience) AND \(PostAudience.byUnsuspendedAuthor())", arguments: [itemID.uuidString])
    }

    /// Items as the feed shows them; a query adds which, in what order.
    static let itemColumns = """
        SELECT feed_item.id, feed_item.description, feed_item.location, feed_item.alt, image.digest, image.content_type,
            (SELECT count(*) FROM comment WHERE comment.feed_item_position = feed_item.position) AS comment_count,
            account.username AS author_username, account.name AS author_name, account.avatar AS author_avatar,
            feed_item.created_at, feed_item.like_count, feed_item.content_warning, feed_item.edited_at, feed_item.visibility,
            \(PhotoRows.columns(of: "feed_item", renditionsTable: "feed_item_rendition", foreignKey: "feed_item_position", key: "position"))
        FROM feed_item JOIN image ON image.digest = feed_item.image_digest
        LEFT JOIN account ON account.id = feed_item.author_id
        """

    /// Whether an item of `itemColumns` is shown: its author is not suspended.
    static let isShown = "account.suspended_at IS NULL"

    /// A page of public posts after a position: a range scan of the primary key, as cheap a
    /// million items deep as at the start.
    static let pageQuery =
        "\(itemColumns) WHERE feed_item.position > ? AND \(isShown) AND \(PostAudience.includes(accountID: nil)) ORDER BY feed_item.position LIMIT ?"

    /// `pageQuery` for one reader: without those they do not hear from (given their id three times).
    static let readersPageQuery = """
        \(itemColumns) WHERE feed_item.position > ? AND \(isShown) AND \(PostAudience.includes(accountID: nil))
            AND (feed_item.author_id IS NULL OR feed_item.author_id NOT IN (\(SilencedAccounts.subquery)))
        ORDER BY feed_item.position LIMIT ?
        """

    /// The position a new post takes: before the first item, and before every removed one, so
    /// a removed post's place (which paging after its id goes on from) is never taken again.
    static let firstPositionQuery = """
        (SELECT coalesce(min(first), 1) - 1 FROM (SELECT min(position) AS first FROM feed_item
            UNION ALL SELECT min(position) FROM removed_feed_item))
        """

    /// A random position in the range, and the first item at or after it: without removals
    /// every item is as likely; a binary search of the primary key finds it.
    static let randomPositionQuery = """
        SELECT min(position) + abs(random() % (max(position) - min(position) + 1)) FROM feed_item
        """

    package var dataVersion: UInt64 {
        version.current
    }

    package func feedPage(after itemID: UUID?, limit: Int, readerID: Int64?) async throws -> [FeedItem] {
        try await database.read { db in
            let start = try Self.startPosition(after: itemID, in: db)
            let rows =
                if let readerID {
                    try Row.fetchCursor(db, sql: Self.readersPageQuery, arguments: [start, readerID, readerID, readerID, limit])
                } else {
                    try Row.fetchCursor(db, sql: Self.pageQuery, arguments: [start, limit])
                }
            var items: [FeedItem] = []
            items.reserveCapacity(limit)
            while let row = try rows.next() {
                items.append(try Self.feedItem(from: row))
            }
            return items
        }
    }

    /// Where a page after `itemID` starts: its position, or before every item when `nil`.
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when no item has this id.
    static func startPosition(after itemID: UUID?, in db: Database) throws -> Int64 {
        // Posts go before the first item, so positions may be negative.
        guard let itemID else { return Int64.min }
        let id = itemID.uuidString
        guard
            let position = try Int64.fetchOne(db, sql: positionQuery, arguments: [id])
                ?? Int64.fetchOne(db, sql: "SELECT position FROM removed_feed_item WHERE id = ?", arguments: [id])
        else { throw FeedRepositoryError.unknownFeedItem(itemID) }
        return position
    }

    package func comments(onImage imageID: UUID, visibleTo viewerID: Int64?) async throws -> [FeedComment]? {
        try await database.read { db in
            guard let position = try Self.position(of: imageID, visibleTo: viewerID, reading: true, in: db) else { return nil }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT comment.id, comment.message, comment.created_at, comment.username, account.name AS author_name,
                        account.avatar AS author_avatar
                    FROM comment LEFT JOIN account ON account.username = comment.username
                    WHERE comment.feed_item_position = ? AND account.suspended_at IS NULL AND \(BlockedAuthors.excluded(for: viewerID))
                    ORDER BY comment.created_at DESC, comment.position
                    """,
                arguments: [position]
            ).map(Self.comment(from:))
        }
    }

    package func image(withDigest digest: ImageDigest) async throws -> StoredImage? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT content_type, data FROM image WHERE digest = ?", arguments: [digest.hex]
            ).map { row in
                StoredImage(data: row["data"], format: try PhotoRows.format(from: row["content_type"]))
            }
        }
    }

    package func append(_ items: [NewFeedItem]) async throws {
        try await database.write { db in
            try Self.insert(items, in: db)
        }
        version.bump()
    }

    package func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool {
        let didAppend = try await database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feed_item)") == 0 else { return false }
            try Self.insert(items, in: db)
            return true
        }
        if didAppend { version.bump() }
        return didAppend
    }

    package func addComment(_ comment: FeedComment, onImage imageID: UUID, quota: ActionQuota?) async throws -> Bool {
        let told = try await database.write { db -> [Int64]? in
            let commenter = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE username = ?", arguments: [comment.username])
            guard let position = try Self.position(of: imageID, visibleTo: commenter, in: db) else { return nil }
            if let commenter, try SQLiteSocialGraph.isBlocked(commenter, withAuthorOfPostAt: position, in: db) {
                throw BlockedInteraction()
            }
            if let quota { try SQLiteActionWindow.admit(.comment, quota, at: comment.createdAt, in: db) }
            try db.execute(
                sql: "INSERT INTO comment (id, feed_item_position, message, created_at, username) VALUES (?, ?, ?, ?, ?)",
                arguments: [comment.id.uuidString, position, comment.message, comment.createdAt.timeIntervalSince1970, comment.username])
            let commentPosition = db.lastInsertedRowID
            try SQLiteMentions.tell(
                comment.mentions, by: .username(comment.username), of: position, comment: commentPosition, in: db)
            return try Int64.fetchAll(db, sql: "SELECT DISTINCT recipient_id FROM notification WHERE comment_position = ?", arguments: [commentPosition])
        }
        guard let told else { return false }
        version.bump()
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        return true
    }

    package func publish(_ item: NewFeedItem) async throws -> FeedItem {
        let (published, author, told) = try await database.write { db -> (FeedItem?, Int64?, [Int64]) in
            try Self.insert([item], in: db, first: true)
            guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [item.id.uuidString]) else { return (nil, nil, []) }
            let author = try Int64.fetchOne(db, sql: "SELECT author_id FROM feed_item WHERE position = ?", arguments: [position])
            var told: [Int64] = []
            if let author, try Self.mayTell(item, at: item.createdAt, in: db) {
                try SQLiteMentions.tell(item.mentions, by: .id(author), of: position, comment: nil, in: db)
                told = try Int64.fetchAll(
                    db, sql: "SELECT recipient_id FROM notification WHERE feed_item_position = ? AND kind = 'mention'", arguments: [position])
            }
            return (try Self.shownItem(at: position, in: db), author, told)
        }
        version.bump()
        if let author { changes.publish(.posted(authorID: author, itemID: item.id)) }
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        guard let published else { throw CorruptData(detail: "feed item \(item.id) missing after its insertion") }
        return published
    }

    /// Whether the post's mentions tell anyone: none to tell, or within its author's quota.
    private static func mayTell(_ item: NewFeedItem, at date: Date?, in db: Database) throws -> Bool {
        guard !item.mentions.isEmpty else { return false }
        guard let quota = item.mentionQuota else { return true }
        do {
            try SQLiteActionWindow.admit(.mention, quota, at: date ?? Date(timeIntervalSince1970: 0), in: db)
            return true
        } catch is ActionLimitReached {
            return false
        }
    }

    package func randomItem() async throws -> FeedItem? {
        try await database.read { db in
            guard let position = try Int64.fetchOne(db, sql: Self.randomPositionQuery) else { return nil }
            return try Row.fetchOne(db, sql: Self.pageQuery, arguments: [position - 1, 1]).map(Self.feedItem(from:))
        }
    }

    package func item(withID itemID: UUID, visibleTo viewerID: Int64?) async throws -> FeedItem? {
        try await database.read { db in
            guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [itemID.uuidString]) else { return nil }
            return try Self.shownItem(at: position, visibleTo: viewerID, in: db)
        }
    }

    /// The item at `position` when it is shown to `viewerID`; never the next one shown after a hidden one.
    static func shownItem(at position: Int64, visibleTo viewerID: Int64?, in db: Database) throws -> FeedItem? {
        try Row.fetchOne(
            db, sql: "\(itemColumns) WHERE feed_item.position = ? AND \(isShown) AND \(PostAudience.readable(by: viewerID))",
            arguments: [position]
        ).map(feedItem(from:))
    }

    /// The item at `position` as its author sees it, when it is shown.
    static func shownItem(at position: Int64, in db: Database) throws -> FeedItem? {
        try Row.fetchOne(db, sql: "\(itemColumns) WHERE feed_item.position = ? AND \(isShown)", arguments: [position]).map(feedItem(from:))
    }

    package func containsItem(fromSource digest: ImageDigest) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feed_item WHERE source_digest = ?)", arguments: [digest.hex]) ?? false
        }
    }

    package func containsPhoto(_ digest: ImageDigest, postedBy author: Username) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM feed_item JOIN account ON account.id = feed_item.author_id
                        WHERE account.username = :author AND (feed_item.source_digest = :digest OR feed_item.image_digest = :digest
                            OR EXISTS (SELECT 1 FROM feed_item_rendition AS rendition
                                WHERE rendition.feed_item_position = feed_item.position AND rendition.image_digest = :digest)))
                    """,
                arguments: ["digest": digest.hex, "author": author.value]) ?? false
        }
    }

    /// At the end of the feed, or each `first`, before the item that was first.
    private static func insert(_ items: [NewFeedItem], in db: Database, first: Bool = false) throws {
        let insertImage = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO image (digest, content_type, data) VALUES (?, ?, ?)")
        let insertItem = try db.cachedStatement(
            sql: """
                INSERT INTO feed_item (position, id, description, location, alt, image_digest, author_id,
                                       width, height, color, blur_hash, created_at, source_digest, content_warning, visibility)
                VALUES (CASE WHEN ? THEN \(firstPositionQuery) END,
                        ?, ?, ?, ?, ?, (SELECT id FROM account WHERE username = ?), ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertComment = try db.cachedStatement(
            sql: """
                INSERT INTO comment (id, feed_item_position, message, created_at, username)
                VALUES (?, ?, ?, ?, ?)
                """)
        var digests: [Data: ImageDigest] = [:]
        for item in items {
            let digest: ImageDigest
            if let known = digests[item.image.data] {
                digest = known
            } else {
                digest = ImageDigest(of: item.image.data)
                digests[item.image.data] = digest
                try insertImage.execute(arguments: [digest.hex, item.image.format.contentType, item.image.data])
            }
            let photo = item.photo
            try insertItem.execute(arguments: [
                first, item.id.uuidString, item.description, item.location, item.alt, digest.hex, item.authorUsername,
                photo?.width, photo?.height, photo?.averageColor, photo?.blurHash, item.createdAt?.timeIntervalSince1970,
                item.source?.hex, item.contentWarning, item.visibility.rawValue
            ])
            let itemPosition = db.lastInsertedRowID
            if let photo {
                try insertRenditions(of: photo, forItemAt: itemPosition, in: db)
            }
            for comment in item.comments {
                try insertComment.execute(arguments: [
                    comment.id.uuidString, itemPosition, comment.message,
                    comment.createdAt.timeIntervalSince1970, comment.username
                ])
            }
        }
    }

    /// Stores each rendition's bytes once (by content) and links them to the item.
    static func insertRenditions(of photo: ProcessedPhoto, forItemAt position: Int64, in db: Database) throws {
        let link = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO feed_item_rendition (feed_item_position, name, image_digest) VALUES (?, ?, ?)")
        try PhotoRows.insertRenditions(of: photo, in: db) { rendition, digest in
            try link.execute(arguments: [position, rendition.rawValue, digest.hex])
        }
    }

    static func feedItem(from row: Row) throws -> FeedItem {
        let digestHex: String = row["digest"]
        guard let digest = ImageDigest(hex: digestHex) else { throw CorruptData(detail: "image digest \(digestHex)") }
        return FeedItem(
            id: try PhotoRows.uuid(from: row["id"]),
            description: row["description"],
            location: row["location"],
            image: ImageReference(digest: digest, format: try PhotoRows.format(from: row["content_type"])),
            alt: row["alt"],
            commentCount: row["comment_count"],
            author: try author(from: row),
            photo: try PhotoRows.photo(from: row),
            createdAt: (row["created_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            likeCount: row["like_count"],
            contentWarning: row["content_warning"],
            editedAt: (row["edited_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            visibility: PostVisibility(rawValue: row["visibility"]) ?? .followers
        )
    }

    private static func author(from row: Row) throws -> Author? {
        guard let username: String = row["author_username"], let name: String = row["author_name"] else { return nil }
        return Author(username: username, name: name, avatar: try StoredAvatarColumn.avatar(from: row["author_avatar"]))
    }

    private static func comment(from row: Row) throws -> FeedComment {
        FeedComment(
            id: try PhotoRows.uuid(from: row["id"]),
            message: row["message"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            username: row["username"],
            authorName: row["author_name"],
            authorAvatar: try StoredAvatarColumn.avatar(from: row["author_avatar"])
        )
    }
}
