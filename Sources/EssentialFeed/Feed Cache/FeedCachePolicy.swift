import Foundation

/// How long a cached feed may be shown: the shared rule, less than seven calendar days.
enum FeedCachePolicy {
    static func validate(_ timestamp: Date, against date: Date) -> Bool {
        CachePolicy.validate(timestamp, against: date)
    }
}
