import Foundation
import GRDB

/// A row of table `feedImageData`: the bytes of the image at a URL, their size, and when
/// they were last used (a number that grows with every use), so the least recently used
/// go first when the cache is over its bound.
struct FeedImageDataRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "feedImageData"

    enum Columns {
        static let url = Column(CodingKeys.url)
        static let size = Column(CodingKeys.size)
        static let lastUsed = Column(CodingKeys.lastUsed)
        static let data = Column(CodingKeys.data)
    }

    let url: URL
    let size: Int
    let lastUsed: Int64
    let data: Data

    init(url: URL, data: Data, lastUsed: Int64) {
        self.url = url
        self.size = data.count
        self.lastUsed = lastUsed
        self.data = data
    }

    static func latestUse(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(lastUsed) FROM feedImageData") ?? 0
    }

    static func markUsed(_ uses: [URL: Int64], _ db: Database) throws {
        for (url, use) in uses {
            try filter(key: url).updateAll(db, Columns.lastUsed.set(to: use))
        }
    }

    /// Deletes the least recently used data until at most `capacity` bytes are left.
    static func evictLeastRecentlyUsed(toFit capacity: Int, _ db: Database) throws {
        let total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM feedImageData") ?? 0
        var excess = total - capacity
        guard excess > 0 else { return }
        var evicted: [URL] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT url, size FROM feedImageData ORDER BY lastUsed")
        while excess > 0, let row = try rows.next() {
            evicted.append(row["url"])
            excess -= row["size"] as Int
        }
        _ = try deleteAll(db, keys: evicted)
    }
}
