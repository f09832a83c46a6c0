import FeedAPIStorage
import Foundation
import Logging
import MediaPipeline
import PostgresNIO
import PostgresSupport

/// The feed on PostgreSQL (see `PostgresAPIDatabase`), for several API instances on one
/// database: what one instance writes, every other's `dataVersion` tells.
package struct PostgresFeedRepository: FeedRepository {
    let client: PostgresClient
    let version: SharedDataVersion
    let deadline: DatabaseDeadline
    let logger: Logger

    /// Held by every write that gives items positions, so two instances never take the same.
    static let positionsLockKey: Int64 = 0x4546_504F_5349

    package var dataVersion: UInt64 {
        version.current
    }

    /// The photo's columns, its renditions as one list (see `StoredPhotoColumns`).
    static func photoColumns(of table: String, renditionsTable: String, foreignKey: String, key: String) -> String {
        StoredPhotoColumns.selection(of: table, renditionsTable: renditionsTable, foreignKey: foreignKey, key: key, dialect: .postgres)
    }

    /// Items after a position: a range scan of the primary key, as cheap deep in the feed as at its start.
    package static let pageColumns = """
        SELECT feed_item.id, feed_item.description, feed_item.location, feed_item.alt, image.digest, image.content_type,
            (SELECT count(*) FROM comment WHERE comment.feed_item_position = feed_item.position) AS comment_count,
            account.username AS author_username, account.name AS author_name, account.avatar AS author_avatar, feed_item.created_at,
            feed_item.like_count, feed_item.content_warning, feed_item.edited_at, feed_item.visibility,
            \(photoColumns(of: "feed_item", renditionsTable: "feed_item_rendition", foreignKey: "feed_item_position", key: "position"))
        FROM feed_item JOIN image ON image.digest = feed_item.image_digest
        LEFT JOIN account ON account.id = feed_item.author_id
        """

    /// The first and last positions of the feed and of its removed posts, so a removed post's
    /// place (which paging after its id goes on from) is never taken again.
    static let endsQuery = """
        SELECT min(position) AS first_position, max(position) AS last_position FROM feed_item
        UNION ALL SELECT min(position), max(position) FROM removed_feed_item
        """

    /// Whether an item of `pageColumns` is shown: its author is not suspended.
    package static let isShown = "account.suspended_at IS NULL"

    /// The item at `position` as its author sees it, when it is shown.
    static func shownItem(at position: Int64, on connection: PostgresConnection, logger: Logger) async throws -> FeedItem? {
        try await items(
            "\(unescaped: pageColumns) WHERE feed_item.position = \(position) AND \(unescaped: isShown)", on: connection, logger: logger
        ).first
    }

    /// The item at `position` when it is shown to `viewerID`; never the next one shown after a hidden one.
    static func shownItem(
        at position: Int64, visibleTo viewerID: Int64?, on connection: PostgresConnection, logger: Logger
    ) async throws -> FeedItem? {
        try await items(
            """
            \(unescaped: pageColumns) WHERE feed_item.position = \(position) AND \(unescaped: isShown)
                AND \(unescaped: PostAudience.readable(by: viewerID))
            """, on: connection, logger: logger
        ).first
    }

    /// Public posts after a position.
    package static func pageQuery(after position: Int64, limit: Int) -> PostgresQuery {
        """
        \(unescaped: pageColumns) WHERE feed_item.position > \(position) AND \(unescaped: isShown)
            AND \(unescaped: PostAudience.includes(accountID: nil)) ORDER BY feed_item.position LIMIT \(limit)
        """
    }

    /// `pageQuery` for one reader: without those they do not hear from (muted, or in a block).
    static func readersPageQuery(after position: Int64, limit: Int, readerID: Int64) -> PostgresQuery {
        """
        \(unescaped: pageColumns) WHERE feed_item.position > \(position) AND \(unescaped: isShown)
            AND \(unescaped: PostAudience.includes(accountID: nil))
            AND (feed_item.author_id IS NULL OR feed_item.author_id NOT IN (\(unescaped: SilencedAccounts.subquery(for: readerID))))
        ORDER BY feed_item.position LIMIT \(limit)
        """
    }

    package func feedPage(after itemID: UUID?, limit: Int, readerID: Int64?) async throws -> [FeedItem] {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let start = try await Self.startPosition(after: itemID, on: connection, logger: logger)
                let query = readerID.map { Self.readersPageQuery(after: start, limit: limit, readerID: $0) } ?? Self.pageQuery(after: start, limit: limit)
                return try await Self.items(query, on: connection, logger: logger)
            }
        }
    }

    package func comments(onImage imageID: UUID, visibleTo viewerID: Int64?) async throws -> [FeedComment]? {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                guard let position = try await Self.position(of: imageID, visibleTo: viewerID, reading: true, on: connection, logger: logger) else {
                    return nil
                }
                let rows = try await connection.query(
                    """
                    SELECT comment.id, comment.message, comment.created_at, comment.username, account.name AS author_name,
                        account.avatar AS author_avatar
                    FROM comment LEFT JOIN account ON lower(account.username) = lower(comment.username)
                    WHERE comment.feed_item_position = \(position) AND account.suspended_at IS NULL
                        AND \(unescaped: BlockedAuthors.excluded(for: viewerID))
                    ORDER BY comment.created_at DESC, comment.position
                    """, logger: logger)
                var comments: [FeedComment] = []
                for try await row in rows {
                    let (id, message, createdAt, username, authorName, avatar) = try row.decode((UUID, String, Double, String, String?, String?).self)
                    comments.append(
                        FeedComment(
                            id: id, message: message, createdAt: Date(timeIntervalSince1970: createdAt), username: username, authorName: authorName,
                            authorAvatar: try StoredAvatarColumn.avatar(from: avatar)))
                }
                return comments
            }
        }
    }

    package func image(withDigest digest: ImageDigest) async throws -> StoredImage? {
        try await deadline.bounded { [self] in
            let rows = try await client.query("SELECT content_type, data FROM image WHERE digest = \(digest.hex)", logger: logger)
            for try await (contentType, data) in rows.decode((String, Data).self) {
                return StoredImage(data: data, format: try StoredPhotoColumns.format(from: contentType))
            }
            return nil
        }
    }

    package func item(withID itemID: UUID, visibleTo viewerID: Int64?) async throws -> FeedItem? {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                guard let position = try await Self.position(of: itemID, on: connection, logger: logger) else { return nil }
                return try await Self.shownItem(at: position, visibleTo: viewerID, on: connection, logger: logger)
            }
        }
    }

    /// A random position in the range, and the first item at or after it: without removals
    /// every item is as likely.
    package func randomItem() async throws -> FeedItem? {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT min(position) + floor(random() * (max(position) - min(position) + 1))::bigint FROM feed_item
                    """, logger: logger)
                var picked: Int64?
                for try await position in rows.decode(Int64?.self) { picked = position }
                guard let picked else { return nil }
                return try await Self.items(Self.pageQuery(after: picked - 1, limit: 1), on: connection, logger: logger).first
            }
        }
    }

    package func containsItem(fromSource digest: ImageDigest) async throws -> Bool {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                "SELECT EXISTS (SELECT 1 FROM feed_item WHERE source_digest = \(digest.hex))", logger: logger)
            for try await exists in rows.decode(Bool.self) { return exists }
            return false
        }
    }

    package func containsPhoto(_ digest: ImageDigest, postedBy author: Username) async throws -> Bool {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT EXISTS (SELECT 1 FROM feed_item JOIN account ON account.id = feed_item.author_id
                    WHERE lower(account.username) = lower(\(author.value))
                        AND (feed_item.source_digest = \(digest.hex) OR feed_item.image_digest = \(digest.hex)
                            OR EXISTS (SELECT 1 FROM feed_item_rendition AS rendition
                                WHERE rendition.feed_item_position = feed_item.position AND rendition.image_digest = \(digest.hex))))
                """, logger: logger)
            for try await exists in rows.decode(Bool.self) { return exists }
            return false
        }
    }

    package func append(_ items: [NewFeedItem]) async throws {
        try await write { connection in
            _ = try await Self.insert(items, on: connection, logger: logger)
        }
    }

    package func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool {
        try await write(changed: { $0 }) { connection in
            // Two instances seeding at once: the second waits, then finds the items there.
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.positionsLockKey))", logger: logger)
            guard try await !Self.exists("SELECT EXISTS (SELECT 1 FROM feed_item)", on: connection, logger: logger) else { return false }
            try await Self.insert(items, on: connection, logger: logger)
            return true
        }
    }

    package func addComment(_ comment: FeedComment, onImage imageID: UUID, quota: ActionQuota?) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await write(changed: { $0 }) { connection in
                var commenter: Int64?
                for try await id in try await connection.query(
                    "SELECT id FROM account WHERE lower(username) = lower(\(comment.username))", logger: logger
                ).decode(Int64.self) {
                    commenter = id
                }
                var found: Int64?
                for try await position in try await connection.query(
                    """
                    SELECT position FROM feed_item WHERE id = \(imageID) AND \(unescaped: PostAudience.includes(accountID: commenter))
                        AND \(unescaped: PostAudience.byUnsuspendedAuthor())
                    """,
                    logger: logger
                ).decode(Int64.self) {
                    found = position
                }
                guard let position = found else { return false }
                if let commenter, try await PostgresSocialGraph.isBlocked(commenter, withAuthorOfPostAt: position, on: connection, logger: logger) {
                    throw BlockedInteraction()
                }
                if let quota {
                    try await PostgresActionWindow.admit(.comment, quota, at: comment.createdAt, on: connection, logger: logger)
                }
                var inserted: Int64?
                for try await commentPosition in try await connection.query(
                    """
                    INSERT INTO comment (id, feed_item_position, message, created_at, username)
                    VALUES (\(comment.id), \(position), \(comment.message), \(comment.createdAt.timeIntervalSince1970), \(comment.username))
                    RETURNING position
                    """, logger: logger
                ).decode(Int64.self) {
                    inserted = commentPosition
                }
                try await PostgresMentions.tell(
                    comment.mentions, byUsername: comment.username, of: position, comment: inserted, on: connection, logger: logger)
                return true
            }
        }
    }

    package func publish(_ item: NewFeedItem) async throws -> FeedItem {
        try await deadline.bounded { [self] in
            let published = try await write { connection -> FeedItem? in
                let positions = try await Self.insert([item], on: connection, first: true, logger: logger)
                guard let position = positions.first else { return nil }
                if let author = item.authorUsername {
                    if try await Self.mayTell(item, on: connection, logger: logger) {
                        try await PostgresMentions.tell(item.mentions, byUsername: author, of: position, comment: nil, on: connection, logger: logger)
                    }
                    var authorID: Int64?
                    for try await id in try await connection.query(
                        "SELECT author_id FROM feed_item WHERE position = \(position) AND author_id IS NOT NULL", logger: logger
                    ).decode(Int64.self) {
                        authorID = id
                    }
                    if let authorID {
                        let payload = PostgresChangeListener.postedPayload(authorID: authorID, itemID: item.id)
                        try await connection.query("SELECT pg_notify(\(PostgresChangeListener.channel), \(payload))", logger: logger)
                    }
                }
                return try await Self.shownItem(at: position, on: connection, logger: logger)
            }
            guard let published else { throw CorruptData(detail: "feed item \(item.id) missing after its insertion") }
            return published
        }
    }

    /// Whether the post's mentions tell anyone: none to tell, or within its author's quota.
    private static func mayTell(_ item: NewFeedItem, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        guard !item.mentions.isEmpty else { return false }
        guard let quota = item.mentionQuota else { return true }
        do {
            try await PostgresActionWindow.admit(
                .mention, quota, at: item.createdAt ?? Date(timeIntervalSince1970: 0), on: connection, logger: logger)
            return true
        } catch is ActionLimitReached {
            return false
        }
    }

    // MARK: - Writing

    /// One transaction that tells every instance once it has committed, when `changed` says it changed anything.
    func write<Result: Sendable>(
        changed: @Sendable (Result) -> Bool = { _ in true }, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await version.write(through: client, logger: logger, changed: changed, body)
    }

    /// At the end of the feed, or each `first`, before the item that was first; their positions.
    @discardableResult
    static func insert(_ items: [NewFeedItem], on connection: PostgresConnection, first: Bool = false, logger: Logger) async throws -> [Int64] {
        try await connection.query("SELECT pg_advisory_xact_lock(\(positionsLockKey))", logger: logger)
        let nextPosition: String =
            first
            ? "(SELECT coalesce(min(first_position), 1) - 1 FROM (\(Self.endsQuery)) AS ends)"
            : "(SELECT coalesce(max(last_position), 0) + 1 FROM (\(Self.endsQuery)) AS ends)"
        var positions: [Int64] = []
        for item in items {
            let digest = ImageDigest(of: item.image.data)
            try await insertImage(digest: digest, contentType: item.image.format.contentType, data: item.image.data, on: connection, logger: logger)
            let photo = item.photo
            let rows = try await connection.query(
                """
                INSERT INTO feed_item (position, id, description, location, alt, image_digest, author_id,
                                       width, height, color, blur_hash, created_at, source_digest, content_warning, visibility)
                VALUES (\(unescaped: nextPosition), \(item.id), \(item.description), \(item.location), \(item.alt), \(digest.hex),
                        (SELECT id FROM account WHERE lower(username) = lower(\(item.authorUsername))),
                        \(photo?.width), \(photo?.height), \(photo?.averageColor), \(photo?.blurHash),
                        \(item.createdAt?.timeIntervalSince1970), \(item.source?.hex), \(item.contentWarning),
                        \(item.visibility.rawValue))
                RETURNING position
                """, logger: logger)
            var inserted: Int64?
            for try await position in rows.decode(Int64.self) { inserted = position }
            guard let position = inserted else { throw CorruptData(detail: "feed item \(item.id) without position") }
            positions.append(position)
            if let photo {
                try await insertRenditions(of: photo, on: connection, logger: logger) { rendition, digest in
                    """
                    INSERT INTO feed_item_rendition (feed_item_position, name, image_digest) VALUES (\(position), \(rendition.rawValue), \(digest.hex))
                    ON CONFLICT (feed_item_position, name) DO UPDATE SET image_digest = excluded.image_digest
                    """
                }
            }
            for comment in item.comments {
                try await connection.query(
                    """
                    INSERT INTO comment (id, feed_item_position, message, created_at, username)
                    VALUES (\(comment.id), \(position), \(comment.message), \(comment.createdAt.timeIntervalSince1970), \(comment.username))
                    """, logger: logger)
            }
        }
        return positions
    }

    /// Stores each rendition's bytes once (by content) and runs the query `link` makes of its name and digest.
    static func insertRenditions(
        of photo: ProcessedPhoto, on connection: PostgresConnection, logger: Logger,
        link: (Rendition, ImageDigest) -> PostgresQuery
    ) async throws {
        for (rendition, encoded) in photo.renditions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let digest = ImageDigest(of: encoded.bytes)
            try await insertImage(digest: digest, contentType: encoded.mediaType, data: Data(encoded.bytes), on: connection, logger: logger)
            try await connection.query(link(rendition, digest), logger: logger)
        }
    }

    static func insertImage(digest: ImageDigest, contentType: String, data: Data, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO image (digest, content_type, data) VALUES (\(digest.hex), \(contentType), \(data)) ON CONFLICT (digest) DO NOTHING
            """, logger: logger)
    }

    // MARK: - Reading

    /// Where a page after `itemID` starts: its position, or before every item when `nil`.
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when no item has this id.
    static func startPosition(after itemID: UUID?, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        // Posts go before the first item, so positions may be negative.
        guard let itemID else { return Int64.min }
        if let position = try await position(of: itemID, on: connection, logger: logger) { return position }
        let removed = try await connection.query("SELECT position FROM removed_feed_item WHERE id = \(itemID)", logger: logger)
        for try await position in removed.decode(Int64.self) { return position }
        throw FeedRepositoryError.unknownFeedItem(itemID)
    }

    /// The position of a post `viewerID` may see (`reading` it: and not one of someone in a
    /// block with them).
    static func position(
        of itemID: UUID, visibleTo viewerID: Int64?, reading: Bool = false, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int64? {
        let audience = reading ? PostAudience.readable(by: viewerID) : PostAudience.includes(accountID: viewerID)
        let rows = try await connection.query(
            "SELECT position FROM feed_item WHERE id = \(itemID) AND \(unescaped: audience) AND \(unescaped: PostAudience.byUnsuspendedAuthor())", logger: logger)
        for try await position in rows.decode(Int64.self) { return position }
        return nil
    }

    static func position(of itemID: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        let rows = try await connection.query("SELECT position FROM feed_item WHERE id = \(itemID)", logger: logger)
        for try await position in rows.decode(Int64.self) { return position }
        return nil
    }

    static func existsOnClient(_ query: PostgresQuery, client: PostgresClient, logger: Logger) async throws -> Bool {
        for try await exists in try await client.query(query, logger: logger).decode(Bool.self) { return exists }
        return false
    }

    static func exists(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        for try await exists in try await connection.query(query, logger: logger).decode(Bool.self) { return exists }
        return false
    }

    static func items(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [FeedItem] {
        var items: [FeedItem] = []
        for try await row in try await connection.query(query, logger: logger) {
            items.append(try feedItem(from: row.makeRandomAccess()))
        }
        return items
    }

    private static func feedItem(from row: PostgresRandomAccessRow) throws -> FeedItem {
        let digestHex = try row["digest"].decode(String.self)
        guard let digest = ImageDigest(hex: digestHex) else { throw CorruptData(detail: "image digest \(digestHex)") }
        let authorUsername = try row["author_username"].decode(String?.self)
        let authorName = try row["author_name"].decode(String?.self)
        let authorAvatar = try StoredAvatarColumn.avatar(from: try row["author_avatar"].decode(String?.self))
        return FeedItem(
            id: try row["id"].decode(UUID.self),
            description: try row["description"].decode(String?.self),
            location: try row["location"].decode(String?.self),
            image: ImageReference(digest: digest, format: try StoredPhotoColumns.format(from: try row["content_type"].decode(String.self))),
            alt: try row["alt"].decode(String?.self),
            commentCount: try row["comment_count"].decode(Int.self),
            author: authorUsername.flatMap { username in authorName.map { Author(username: username, name: $0, avatar: authorAvatar) } },
            photo: try photo(from: row),
            createdAt: try row["created_at"].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            likeCount: try row["like_count"].decode(Int.self),
            contentWarning: try row["content_warning"].decode(String?.self),
            editedAt: try row["edited_at"].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            visibility: PostVisibility(rawValue: try row["visibility"].decode(String.self)) ?? .followers)
    }

    static func photo(from row: PostgresRandomAccessRow) throws -> PhotoDetails? {
        try StoredPhotoColumns.photo(
            width: try row["width"].decode(Int?.self), height: try row["height"].decode(Int?.self),
            color: try row["color"].decode(String?.self), blurHash: try row["blur_hash"].decode(String?.self),
            renditions: try row["renditions"].decode(String?.self))
    }
}
