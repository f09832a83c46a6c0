import FeedAPIStorage
import Foundation
import Logging
import MediaPipeline
import PostgresNIO
import PostgresSupport

/// The news on PostgreSQL, beside the feed: its photos' renditions are in the same
/// content-addressed `image` table, so the images route serves them alike.
package struct PostgresNewsStore: NewsRepository {
    static let defaultTitle = "News"

    let client: PostgresClient
    let version: SharedDataVersion
    let deadline: DatabaseDeadline
    let logger: Logger

    package var dataVersion: UInt64 {
        version.current
    }

    private static let photoColumns = StoredNewsColumns.photo(dialect: .postgres)
    private static let itemColumns = StoredNewsColumns.items(dialect: .postgres)

    package func newsList() async throws -> StoredNewsList {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                var title = Self.defaultTitle
                for try await value in try await connection.query(
                    "SELECT value FROM news_setting WHERE name = 'title'", logger: logger
                ).decode(String.self) {
                    title = value
                }
                var dated: [StoredNewsListItem] = []
                var adverts: [(slot: Int, advert: StoredNewsAdvert)] = []
                let rows = try await connection.query(
                    "\(unescaped: Self.itemColumns) ORDER BY news_item.updated_at DESC, news_item.ordinal", logger: logger)
                for try await row in rows {
                    let row = row.makeRandomAccess()
                    switch try row["kind"].decode(String.self) {
                    case "story":
                        dated.append(.story(try Self.summary(from: row)))
                    case "weblink":
                        dated.append(
                            .webLink(
                                StoredNewsWebLink(
                                    id: try row["id"].decode(UUID.self), headline: try row["headline"].decode(String.self),
                                    url: try row["url"].decode(String.self), image: try Self.photo(from: row),
                                    createdAt: try Self.date(row["created_at"]), updatedAt: try Self.date(row["updated_at"]))))
                    case "advert":
                        guard let image = try Self.photo(from: row) else { throw CorruptData(detail: "advert without image") }
                        adverts.append(
                            (
                                try row["slot"].decode(Int.self),
                                StoredNewsAdvert(
                                    id: try row["id"].decode(UUID.self), url: try row["url"].decode(String.self),
                                    advertiser: try row["advertiser"].decode(String.self), image: image,
                                    offer: try row["teaser"].decode(String?.self))
                            ))
                    case let kind:
                        throw CorruptData(detail: "news item kind \(kind)")
                    }
                }
                return StoredNewsList(title: title, dated: dated, adverts: adverts)
            }
        }
    }

    package func story(withID id: UUID) async throws -> StoredNewsStory? {
        try await deadline.bounded { [self] in
            try await client.withConnection { connection in
                var summary: StoredNewsStorySummary?
                for try await row in try await connection.query(
                    "\(unescaped: Self.itemColumns) WHERE news_item.id = \(id) AND news_item.kind = 'story'", logger: logger)
                {
                    summary = try Self.summary(from: row.makeRandomAccess())
                }
                guard let summary else { return nil }
                var blocks: [NewsStoryBlock] = []
                for try await row in try await connection.query(
                    """
                    SELECT news_story_block.text, news_story_block.alt, \(unescaped: Self.photoColumns)
                    FROM news_story_block LEFT JOIN news_photo ON news_photo.id = news_story_block.photo_id
                    WHERE news_story_block.story_id = \(id) ORDER BY news_story_block.position
                    """, logger: logger)
                {
                    let row = row.makeRandomAccess()
                    if let text = try row["text"].decode(String?.self) {
                        blocks.append(.paragraph(text))
                    } else {
                        guard let photo = try Self.photo(from: row) else { throw CorruptData(detail: "story block of \(id)") }
                        blocks.append(.image(photo))
                    }
                }
                return StoredNewsStory(
                    id: summary.id, headline: summary.headline, heroImage: summary.image,
                    createdAt: summary.createdAt, updatedAt: summary.updatedAt, contents: blocks)
            }
        }
    }

    package func replaceNews(with edition: NewsEdition) async throws {
        try await write { connection in
            for table in ["news_story_block", "news_item", "news_photo", "news_setting"] {
                try await connection.query("DELETE FROM \(unescaped: table)", logger: logger)
            }
            try await Self.insert(edition, on: connection, logger: logger)
        }
    }

    package func addNewsIfEmpty(_ edition: NewsEdition) async throws -> Bool {
        try await write(changed: { $0 }) { connection in
            // Two instances seeding at once: the second waits, then finds the news there.
            try await connection.query("LOCK TABLE news_item IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            guard try await !PostgresFeedRepository.exists("SELECT EXISTS (SELECT 1 FROM news_item)", on: connection, logger: logger)
            else { return false }
            try await Self.insert(edition, on: connection, logger: logger)
            return true
        }
    }

    /// One transaction that tells every instance once it has committed, when `changed` says it changed anything.
    private func write<Result: Sendable>(
        changed: @Sendable (Result) -> Bool = { _ in true }, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await version.write(through: client, logger: logger, changed: changed, body)
    }

    // MARK: - Rows

    private static func summary(from row: PostgresRandomAccessRow) throws -> StoredNewsStorySummary {
        guard let image = try photo(from: row) else { throw CorruptData(detail: "story without image") }
        return StoredNewsStorySummary(
            id: try row["id"].decode(UUID.self), headline: try row["headline"].decode(String.self),
            teaser: try row["teaser"].decode(String.self), image: image,
            createdAt: try date(row["created_at"]), updatedAt: try date(row["updated_at"]))
    }

    private static func photo(from row: PostgresRandomAccessRow) throws -> NewsPhoto? {
        try PostgresFeedRepository.photo(from: row).map { NewsPhoto(details: $0, alt: try row["alt"].decode(String?.self) ?? "") }
    }

    private static func date(_ cell: PostgresCell) throws -> Date {
        Date(timeIntervalSince1970: try cell.decode(Double?.self) ?? 0)
    }

    // MARK: - Writing

    private static func insert(_ edition: NewsEdition, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("INSERT INTO news_setting (name, value) VALUES ('title', \(edition.title))", logger: logger)
        for story in edition.stories {
            let photoID = try await insert(story.heroImage.photo, on: connection, logger: logger)
            try await connection.query(
                """
                INSERT INTO news_item (id, kind, headline, teaser, photo_id, alt, created_at, updated_at)
                VALUES (\(story.id), 'story', \(story.headline), \(story.teaser), \(photoID), \(story.heroImage.alt),
                        \(story.createdAt.timeIntervalSince1970), \(story.updatedAt.timeIntervalSince1970))
                """, logger: logger)
            for (position, block) in story.contents.enumerated() {
                switch block {
                case let .paragraph(text):
                    try await connection.query(
                        """
                        INSERT INTO news_story_block (story_id, position, text) VALUES (\(story.id), \(position), \(text))
                        """, logger: logger)
                case let .image(image):
                    let blockPhotoID = try await insert(image.photo, on: connection, logger: logger)
                    try await connection.query(
                        """
                        INSERT INTO news_story_block (story_id, position, photo_id, alt) VALUES (\(story.id), \(position), \(blockPhotoID), \(image.alt))
                        """, logger: logger)
                }
            }
        }
        for link in edition.webLinks {
            var photoID: Int64?
            if let image = link.image { photoID = try await insert(image.photo, on: connection, logger: logger) }
            try await connection.query(
                """
                INSERT INTO news_item (id, kind, headline, url, photo_id, alt, created_at, updated_at)
                VALUES (\(link.id), 'weblink', \(link.headline), \(link.url), \(photoID), \(link.image?.alt),
                        \(link.createdAt.timeIntervalSince1970), \(link.updatedAt.timeIntervalSince1970))
                """, logger: logger)
        }
        for advert in edition.adverts {
            let photoID = try await insert(advert.image.photo, on: connection, logger: logger)
            try await connection.query(
                """
                INSERT INTO news_item (id, kind, teaser, url, advertiser, photo_id, alt, slot)
                VALUES (\(advert.id), 'advert', \(advert.offer), \(advert.url), \(advert.advertiser), \(photoID), \(advert.image.alt), \(advert.slot))
                """, logger: logger)
        }
    }

    /// The photo's details and its renditions (each stored once, by content); its row id.
    private static func insert(_ photo: ProcessedPhoto, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        var inserted: Int64?
        for try await id in try await connection.query(
            """
            INSERT INTO news_photo (width, height, color, blur_hash)
            VALUES (\(photo.width), \(photo.height), \(photo.averageColor), \(photo.blurHash)) RETURNING id
            """, logger: logger
        ).decode(Int64.self) {
            inserted = id
        }
        guard let photoID = inserted else { throw CorruptData(detail: "news photo without id") }
        try await PostgresFeedRepository.insertRenditions(of: photo, on: connection, logger: logger) { rendition, digest in
            "INSERT INTO news_photo_rendition (news_photo_id, name, image_digest) VALUES (\(photoID), \(rendition.rawValue), \(digest.hex))"
        }
        return photoID
    }
}
