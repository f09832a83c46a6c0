import Foundation
import GRDB
import MediaPipeline

/// The news in the API's SQLite file, beside the feed (see `APIDatabase`): its photos'
/// renditions are in the same content-addressed `image` table, so the images route serves
/// them alike.
package final class SQLiteNewsStore: NewsRepository {
    static let defaultTitle = "News"

    private let database: DatabasePool
    private let version = DataVersion()

    init(database: DatabasePool) {
        self.database = database
    }

    package var dataVersion: UInt64 {
        version.current
    }

    /// The columns `PhotoRows.photo(from:)` reads, for the photo `news_photo` names.
    private static let photoColumns = StoredNewsColumns.photo(dialect: .sqlite)
    private static let itemsQuery = StoredNewsColumns.items(dialect: .sqlite)

    package func newsList() async throws -> StoredNewsList {
        try await database.read { db in
            let title = try String.fetchOne(db, sql: "SELECT value FROM news_setting WHERE name = 'title'") ?? Self.defaultTitle
            var dated: [StoredNewsListItem] = []
            var adverts: [(slot: Int, advert: StoredNewsAdvert)] = []
            let rows = try Row.fetchCursor(db, sql: Self.itemsQuery + " ORDER BY news_item.updated_at DESC, news_item.rowid")
            while let row = try rows.next() {
                switch row["kind"] as String {
                case "story":
                    dated.append(.story(try Self.summary(from: row)))
                case "weblink":
                    dated.append(
                        .webLink(
                            StoredNewsWebLink(
                                id: try PhotoRows.uuid(from: row["id"]), headline: row["headline"], url: row["url"], image: try Self.photo(from: row),
                                createdAt: Self.date(row["created_at"]), updatedAt: Self.date(row["updated_at"]))))
                case "advert":
                    guard let image = try Self.photo(from: row) else { throw CorruptData(detail: "advert without image") }
                    adverts.append(
                        (
                            row["slot"],
                            StoredNewsAdvert(
                                id: try PhotoRows.uuid(from: row["id"]), url: row["url"], advertiser: row["advertiser"], image: image,
                                offer: row["teaser"])
                        ))
                case let kind:
                    throw CorruptData(detail: "news item kind \(kind)")
                }
            }
            return StoredNewsList(title: title, dated: dated, adverts: adverts)
        }
    }

    package func story(withID id: UUID) async throws -> StoredNewsStory? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: Self.itemsQuery + " WHERE news_item.id = ? AND news_item.kind = 'story'", arguments: [id.uuidString])
            else { return nil }
            let summary = try Self.summary(from: row)
            let blocks = try Row.fetchAll(
                db,
                sql: """
                    SELECT news_story_block.text, news_story_block.alt, \(Self.photoColumns)
                    FROM news_story_block LEFT JOIN news_photo ON news_photo.id = news_story_block.photo_id
                    WHERE news_story_block.story_id = ? ORDER BY news_story_block.position
                    """, arguments: [id.uuidString]
            ).map { row -> NewsStoryBlock in
                if let text: String = row["text"] { return .paragraph(text) }
                guard let photo = try Self.photo(from: row) else { throw CorruptData(detail: "story block of \(id)") }
                return .image(photo)
            }
            return StoredNewsStory(
                id: summary.id, headline: summary.headline, heroImage: summary.image,
                createdAt: summary.createdAt, updatedAt: summary.updatedAt, contents: blocks)
        }
    }

    package func replaceNews(with edition: NewsEdition) async throws {
        try await database.write { db in
            try Self.deleteNews(in: db)
            try Self.insert(edition, in: db)
        }
        version.bump()
    }

    package func addNewsIfEmpty(_ edition: NewsEdition) async throws -> Bool {
        let added = try await database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM news_item)") == 0 else { return false }
            try Self.insert(edition, in: db)
            return true
        }
        if added { version.bump() }
        return added
    }

    // MARK: - Rows

    private static func summary(from row: Row) throws -> StoredNewsStorySummary {
        guard let image = try photo(from: row) else { throw CorruptData(detail: "story without image") }
        return StoredNewsStorySummary(
            id: try PhotoRows.uuid(from: row["id"]), headline: row["headline"], teaser: row["teaser"], image: image,
            createdAt: date(row["created_at"]), updatedAt: date(row["updated_at"]))
    }

    private static func photo(from row: Row) throws -> NewsPhoto? {
        try PhotoRows.photo(from: row).map { NewsPhoto(details: $0, alt: row["alt"] ?? "") }
    }

    private static func date(_ seconds: Double?) -> Date {
        Date(timeIntervalSince1970: seconds ?? 0)
    }

    // MARK: - Writing

    private static func deleteNews(in db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM news_story_block;
                DELETE FROM news_item;
                DELETE FROM news_photo;
                DELETE FROM news_setting;
                """)
    }

    private static func insert(_ edition: NewsEdition, in db: Database) throws {
        try db.execute(sql: "INSERT INTO news_setting (name, value) VALUES ('title', ?)", arguments: [edition.title])
        let insertItem = try db.cachedStatement(
            sql: """
                INSERT INTO news_item (id, kind, headline, teaser, url, advertiser, photo_id, alt, created_at, updated_at, slot)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertBlock = try db.cachedStatement(
            sql: """
                INSERT INTO news_story_block (story_id, position, text, photo_id, alt) VALUES (?, ?, ?, ?, ?)
                """)
        for story in edition.stories {
            let photoID = try insert(story.heroImage.photo, in: db)
            try insertItem.execute(arguments: [
                story.id.uuidString, "story", story.headline, story.teaser, nil, nil, photoID, story.heroImage.alt,
                story.createdAt.timeIntervalSince1970, story.updatedAt.timeIntervalSince1970, nil
            ])
            for (position, block) in story.contents.enumerated() {
                switch block {
                case let .paragraph(text):
                    try insertBlock.execute(arguments: [story.id.uuidString, position, text, nil, nil])
                case let .image(image):
                    try insertBlock.execute(arguments: [story.id.uuidString, position, nil, try insert(image.photo, in: db), image.alt])
                }
            }
        }
        for link in edition.webLinks {
            let photoID = try link.image.map { try insert($0.photo, in: db) }
            try insertItem.execute(arguments: [
                link.id.uuidString, "weblink", link.headline, nil, link.url, nil, photoID, link.image?.alt,
                link.createdAt.timeIntervalSince1970, link.updatedAt.timeIntervalSince1970, nil
            ])
        }
        for advert in edition.adverts {
            try insertItem.execute(arguments: [
                advert.id.uuidString, "advert", nil, advert.offer, advert.url, advert.advertiser, try insert(advert.image.photo, in: db),
                advert.image.alt, nil, nil, advert.slot
            ])
        }
    }

    /// The photo's details and its renditions (each stored once, by content); its row id.
    private static func insert(_ photo: ProcessedPhoto, in db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO news_photo (width, height, color, blur_hash) VALUES (?, ?, ?, ?)",
            arguments: [photo.width, photo.height, photo.averageColor, photo.blurHash])
        let photoID = db.lastInsertedRowID
        let link = try db.cachedStatement(sql: "INSERT INTO news_photo_rendition (news_photo_id, name, image_digest) VALUES (?, ?, ?)")
        try PhotoRows.insertRenditions(of: photo, in: db) { rendition, digest in
            try link.execute(arguments: [photoID, rendition.rawValue, digest.hex])
        }
        return photoID
    }
}
