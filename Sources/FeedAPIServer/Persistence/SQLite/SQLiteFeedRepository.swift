import Foundation
import GRDB
import MediaPipeline
import Synchronization

/// The feed kept in one SQLite file, read through a WAL `DatabasePool` so
/// page reads run concurrently with each other and with writes.
///
/// One server process per file: `dataVersion` counts the writes made through
/// this instance, so writes by another process would not be seen by response caches.
final class SQLiteFeedRepository: FeedRepository {
    let database: DatabasePool
    private let version = Atomic<UInt64>(0)
    /// The news kept in the same file.
    let news: SQLiteNewsStore

    /// Opens the database at `path`, creating the file and its schema when missing.
    init(path: String) throws {
        database = try DatabasePool(path: path)
        try Self.migrator.migrate(database)
        news = SQLiteNewsStore(database: database)
    }

    /// The accounts kept in the same file.
    var accounts: SQLiteAccountStore {
        SQLiteAccountStore(database: database)
    }

    /// The feed position of an item id, through the unique index on `id`.
    static let positionQuery = "SELECT position FROM feed_item WHERE id = ?"

    /// A page after a position: a range scan of the primary key, as cheap a million items deep as at the start.
    static let pageQuery = """
        SELECT feed_item.id, feed_item.description, feed_item.location, feed_item.alt, image.digest, image.content_type,
            (SELECT count(*) FROM comment WHERE comment.feed_item_position = feed_item.position) AS comment_count,
            account.username AS author_username, account.name AS author_name,
            feed_item.width, feed_item.height, feed_item.color, feed_item.blur_hash, feed_item.created_at,
            (SELECT group_concat(rendition.name || ' ' || rendition.image_digest || ' ' || rendition_image.content_type, ',')
             FROM feed_item_rendition AS rendition JOIN image AS rendition_image ON rendition_image.digest = rendition.image_digest
             WHERE rendition.feed_item_position = feed_item.position) AS renditions
        FROM feed_item JOIN image ON image.digest = feed_item.image_digest
        LEFT JOIN account ON account.id = feed_item.author_id
        WHERE feed_item.position > ? ORDER BY feed_item.position LIMIT ?
        """

    /// Positions have no gaps (posts take the one before the first), so a random position
    /// in the range picks every item as likely; a binary search of the primary key finds it.
    static let randomPositionQuery = """
        SELECT min(position) + abs(random() % (max(position) - min(position) + 1)) FROM feed_item
        """

    var dataVersion: UInt64 {
        version.load(ordering: .acquiring)
    }

    func feedPage(after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await database.read { db in
            // Posts go before the first item, so positions may be negative.
            var startPosition = Int64.min
            if let itemID {
                guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [itemID.uuidString])
                else { throw FeedRepositoryError.unknownFeedItem(itemID) }
                startPosition = position
            }
            let rows = try Row.fetchCursor(db, sql: Self.pageQuery, arguments: [startPosition, limit])
            var items: [FeedItem] = []
            items.reserveCapacity(limit)
            while let row = try rows.next() {
                items.append(try Self.feedItem(from: row))
            }
            return items
        }
    }

    func comments(onImage imageID: UUID) async throws -> [FeedComment]? {
        try await database.read { db in
            guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [imageID.uuidString])
            else { return nil }
            return try Row.fetchAll(
                db,
                sql: """
                SELECT id, message, created_at, username FROM comment
                WHERE feed_item_position = ? ORDER BY created_at DESC, position
                """,
                arguments: [position]
            ).map(Self.comment(from:))
        }
    }

    func image(withDigest digest: ImageDigest) async throws -> StoredImage? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT content_type, data FROM image WHERE digest = ?", arguments: [digest.hex]
            ).map { row in
                StoredImage(data: row["data"], format: try Self.format(from: row["content_type"]))
            }
        }
    }

    func append(_ items: [NewFeedItem]) async throws {
        try await database.write { db in
            try Self.insert(items, in: db)
        }
        bumpVersion()
    }

    func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool {
        let didAppend = try await database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feed_item)") == 0 else { return false }
            try Self.insert(items, in: db)
            return true
        }
        if didAppend { bumpVersion() }
        return didAppend
    }

    func addComment(_ comment: FeedComment, onImage imageID: UUID) async throws -> Bool {
        let added = try await database.write { db in
            guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [imageID.uuidString]) else { return false }
            try db.execute(
                sql: "INSERT INTO comment (id, feed_item_position, message, created_at, username) VALUES (?, ?, ?, ?, ?)",
                arguments: [comment.id.uuidString, position, comment.message, comment.createdAt.timeIntervalSince1970, comment.username])
            return true
        }
        if added { bumpVersion() }
        return added
    }

    func publish(_ item: NewFeedItem) async throws -> FeedItem {
        let published = try await database.write { db -> FeedItem? in
            try Self.insert([item], in: db, first: true)
            guard let position = try Int64.fetchOne(db, sql: Self.positionQuery, arguments: [item.id.uuidString]) else { return nil }
            return try Row.fetchOne(db, sql: Self.pageQuery, arguments: [position - 1, 1]).map(Self.feedItem(from:))
        }
        bumpVersion()
        guard let published else { throw CorruptData(detail: "feed item \(item.id) missing after its insertion") }
        return published
    }

    func randomItem() async throws -> FeedItem? {
        try await database.read { db in
            guard let position = try Int64.fetchOne(db, sql: Self.randomPositionQuery) else { return nil }
            return try Row.fetchOne(db, sql: Self.pageQuery, arguments: [position - 1, 1]).map(Self.feedItem(from:))
        }
    }

    func containsItem(fromSource digest: ImageDigest) async throws -> Bool {
        try await database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM feed_item WHERE source_digest = ?)", arguments: [digest.hex]) ?? false
        }
    }

    /// Bumped only once the write has committed: a reader that then sees the new
    /// version is sure to read the new data, so nothing old is cached under it.
    private func bumpVersion() {
        version.add(1, ordering: .releasing)
    }

    /// At the end of the feed, or each `first`, before the item that was first.
    private static func insert(_ items: [NewFeedItem], in db: Database, first: Bool = false) throws {
        let insertImage = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO image (digest, content_type, data) VALUES (?, ?, ?)")
        let insertItem = try db.cachedStatement(
            sql: """
            INSERT INTO feed_item (position, id, description, location, alt, image_digest, author_id,
                                   width, height, color, blur_hash, created_at, source_digest)
            VALUES (CASE WHEN ? THEN (SELECT coalesce(min(position), 1) - 1 FROM feed_item) END,
                    ?, ?, ?, ?, ?, (SELECT id FROM account WHERE username = ?), ?, ?, ?, ?, ?, ?)
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
                item.source?.hex,
            ])
            let itemPosition = db.lastInsertedRowID
            if let photo {
                try insertRenditions(of: photo, forItemAt: itemPosition, in: db)
            }
            for comment in item.comments {
                try insertComment.execute(arguments: [
                    comment.id.uuidString, itemPosition, comment.message,
                    comment.createdAt.timeIntervalSince1970, comment.username,
                ])
            }
        }
    }

    /// Stores each rendition's bytes once (by content) and links them to the item.
    static func insertRenditions(of photo: ProcessedPhoto, forItemAt position: Int64, in db: Database) throws {
        let insertImage = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO image (digest, content_type, data) VALUES (?, ?, ?)")
        let link = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO feed_item_rendition (feed_item_position, name, image_digest) VALUES (?, ?, ?)")
        for (rendition, encoded) in photo.renditions {
            let digest = ImageDigest(of: encoded.bytes)
            try insertImage.execute(arguments: [digest.hex, encoded.mediaType, encoded.bytes])
            try link.execute(arguments: [position, rendition.rawValue, digest.hex])
        }
    }

    private static func feedItem(from row: Row) throws -> FeedItem {
        let digestHex: String = row["digest"]
        guard let digest = ImageDigest(hex: digestHex) else { throw CorruptData(detail: "image digest \(digestHex)") }
        return FeedItem(
            id: try uuid(from: row["id"]),
            description: row["description"],
            location: row["location"],
            image: ImageReference(digest: digest, format: try format(from: row["content_type"])),
            alt: row["alt"],
            commentCount: row["comment_count"],
            author: author(from: row),
            photo: try photo(from: row),
            createdAt: (row["created_at"] as Double?).map(Date.init(timeIntervalSince1970:))
        )
    }

    /// The photo of a row with `width`, `height`, `color`, `blur_hash` and `renditions` (as
    /// `name digest content-type` joined by commas); `nil` when the row has none.
    static func photo(from row: Row) throws -> PhotoDetails? {
        guard let width: Int = row["width"], let height: Int = row["height"], let color: String = row["color"],
              let blurHash: String = row["blur_hash"], let list: String = row["renditions"] else { return nil }
        var renditions = [Rendition: ImageReference]()
        for entry in list.split(separator: ",") {
            let parts = entry.split(separator: " ")
            guard parts.count == 3, let rendition = Rendition(rawValue: String(parts[0])),
                  let digest = ImageDigest(hex: parts[1]) else { throw CorruptData(detail: "rendition \(entry)") }
            renditions[rendition] = ImageReference(digest: digest, format: try format(from: String(parts[2])))
        }
        return PhotoDetails(width: width, height: height, color: color, blurHash: blurHash, renditions: renditions)
    }

    private static func author(from row: Row) -> Author? {
        guard let username: String = row["author_username"], let name: String = row["author_name"] else { return nil }
        return Author(username: username, name: name)
    }

    private static func comment(from row: Row) throws -> FeedComment {
        FeedComment(
            id: try uuid(from: row["id"]),
            message: row["message"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            username: row["username"]
        )
    }

    private static func uuid(from text: String) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw CorruptData(detail: "UUID \(text)") }
        return uuid
    }

    private static func format(from contentType: String) throws -> ImageFormat {
        guard let format = ImageFormat(contentType: contentType) else { throw CorruptData(detail: "content type \(contentType)") }
        return format
    }

    struct CorruptData: Error, CustomStringConvertible {
        let detail: String
        var description: String { "The database holds an invalid \(detail)" }
    }
}

extension SQLiteFeedRepository {
    /// Append-only: a released migration is never edited, only followed by new ones.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create feed, comments and images") { db in
            try db.execute(sql: """
                CREATE TABLE image (
                    digest TEXT PRIMARY KEY NOT NULL,
                    content_type TEXT NOT NULL,
                    data BLOB NOT NULL
                );
                -- position: the feed order, ever increasing (AUTOINCREMENT never reuses a value),
                -- so a page is one range scan of the primary key after the position of after_id.
                CREATE TABLE feed_item (
                    position INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    description TEXT,
                    location TEXT,
                    image_digest TEXT NOT NULL REFERENCES image(digest)
                );
                CREATE TABLE comment (
                    position INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    feed_item_position INTEGER NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                    message TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    username TEXT NOT NULL
                );
                CREATE INDEX comment_newest_first ON comment (feed_item_position, created_at DESC, position);
                """)
        }
        migrator.registerMigration("Describe each image for those who cannot see it") { db in
            try db.execute(sql: "ALTER TABLE feed_item ADD COLUMN alt TEXT")
        }
        migrator.registerMigration("Create accounts, tokens and failed log-ins") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    name TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                -- Tokens are kept only as their SHA-256: a copy of the file gives no usable token.
                CREATE TABLE api_token (
                    token_hash BLOB PRIMARY KEY NOT NULL,
                    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL
                );
                CREATE INDEX api_token_by_account ON api_token (account_id);
                CREATE TABLE failed_log_in (
                    username TEXT NOT NULL,
                    failed_at REAL NOT NULL
                );
                CREATE INDEX failed_log_in_by_username ON failed_log_in (username, failed_at);
                """)
        }
        migrator.registerMigration("Give every post the account that posted it") { db in
            // Removing an account keeps its posts, without author.
            try db.execute(sql: """
                ALTER TABLE feed_item ADD COLUMN author_id INTEGER REFERENCES account(id) ON DELETE SET NULL;
                CREATE INDEX feed_item_by_author ON feed_item (author_id);
                """)
        }
        migrator.registerMigration("Keep every photo in four sizes, with its dimensions and colours") { db in
            try db.execute(sql: """
                ALTER TABLE feed_item ADD COLUMN width INTEGER;
                ALTER TABLE feed_item ADD COLUMN height INTEGER;
                ALTER TABLE feed_item ADD COLUMN color TEXT;
                ALTER TABLE feed_item ADD COLUMN blur_hash TEXT;
                ALTER TABLE feed_item ADD COLUMN created_at REAL;
                -- name: thumb, small, regular or full; feed_item.image_digest is the regular one.
                CREATE TABLE feed_item_rendition (
                    feed_item_position INTEGER NOT NULL REFERENCES feed_item(position) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    image_digest TEXT NOT NULL REFERENCES image(digest),
                    PRIMARY KEY (feed_item_position, name)
                ) WITHOUT ROWID;
                """)
            try LegacyImageMigration(processor: PhotoProcessor()).processImagesOfEarlierItems(in: db)
        }
        migrator.registerMigration("Remember the file each photo was made from") { db in
            try db.execute(sql: """
                ALTER TABLE feed_item ADD COLUMN source_digest TEXT;
                CREATE INDEX feed_item_by_source_digest ON feed_item (source_digest) WHERE source_digest IS NOT NULL;
                """)
        }
        migrator.registerMigration("Keep the news: stories, web links, adverts and their photos") { db in
            try db.execute(sql: """
                CREATE TABLE news_photo (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    color TEXT NOT NULL,
                    blur_hash TEXT NOT NULL
                );
                CREATE TABLE news_photo_rendition (
                    news_photo_id INTEGER NOT NULL REFERENCES news_photo(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    image_digest TEXT NOT NULL REFERENCES image(digest),
                    PRIMARY KEY (news_photo_id, name)
                ) WITHOUT ROWID;
                -- kind: story (headline, teaser, photo, dates), weblink (headline, url, photo?, dates)
                -- or advert (url, advertiser, photo, slot: its place in the list). alt '' is decorative.
                CREATE TABLE news_item (
                    id TEXT PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('story', 'weblink', 'advert')),
                    headline TEXT,
                    teaser TEXT,
                    url TEXT,
                    advertiser TEXT,
                    photo_id INTEGER REFERENCES news_photo(id),
                    alt TEXT,
                    created_at REAL,
                    updated_at REAL,
                    slot INTEGER
                );
                CREATE INDEX news_item_newest_update_first ON news_item (updated_at DESC);
                -- A paragraph has text; an image has a photo and its alt.
                CREATE TABLE news_story_block (
                    story_id TEXT NOT NULL REFERENCES news_item(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    text TEXT,
                    photo_id INTEGER REFERENCES news_photo(id),
                    alt TEXT,
                    PRIMARY KEY (story_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE news_setting (
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("Throttle log-ins per username and client address") { db in
            // Failures before this counted per username alone; they end with the old table.
            try db.execute(sql: """
                DROP TABLE failed_log_in;
                CREATE TABLE log_in_attempt (
                    username TEXT NOT NULL,
                    client_address TEXT NOT NULL,
                    attempted_at REAL NOT NULL
                );
                CREATE INDEX log_in_attempt_by_address ON log_in_attempt (username, client_address, attempted_at);
                CREATE INDEX log_in_attempt_by_username ON log_in_attempt (username, attempted_at);
                CREATE INDEX log_in_attempt_by_age ON log_in_attempt (attempted_at);
                """)
        }
        return migrator
    }
}
