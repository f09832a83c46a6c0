import Foundation
import GRDB

/// The single row of table `feedCache`: when the cached feed was saved, and the entity
/// tag of the first page it starts with.
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
    let entityTag: String?

    init(timestamp: Date, entityTag: String?) {
        self.timestamp = timestamp
        self.entityTag = entityTag
    }

    enum Columns {
        static let timestamp = Column(CodingKeys.timestamp)
    }
}
