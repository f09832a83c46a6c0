import Foundation
import GRDB

/// The single row of table `feedCache`: when the cached feed was saved.
struct FeedCacheRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "feedCache"
    // Seconds since the reference date, as `Date` holds them, so a timestamp
    // comes back exactly as it was saved.
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    private(set) var id = 1
    let timestamp: Date

    init(timestamp: Date) {
        self.timestamp = timestamp
    }
}
