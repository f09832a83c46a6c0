import Foundation
import GRDB

/// A row of table `feedImageData`: the bytes of the image at a URL.
struct FeedImageDataRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "feedImageData"

    let url: URL
    let data: Data

    /// Keeps the cache to the images of the feed it holds.
    static func deleteDataOfURLsNotInTheFeed(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM feedImageData WHERE url NOT IN (SELECT url FROM feedImage)")
    }
}
