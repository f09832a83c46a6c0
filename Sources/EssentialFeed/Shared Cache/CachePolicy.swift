import Foundation

/// How long anything cached may be shown: less than seven calendar days after it was saved
/// (or last confirmed by the API). The feed and the news follow the same rule.
enum CachePolicy {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        // A fixed time zone keeps a day at 24 hours across daylight-saving changes.
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    private static let maxCacheAgeInDays = 7

    static func validate(_ timestamp: Date, against date: Date) -> Bool {
        guard let maxCacheAge = calendar.date(byAdding: .day, value: maxCacheAgeInDays, to: timestamp) else {
            return false
        }
        return date < maxCacheAge
    }

    /// The latest save time that is no longer valid at `date`: seven days before it.
    static func newestExpiredTimestamp(at date: Date) -> Date? {
        calendar.date(byAdding: .day, value: -maxCacheAgeInDays, to: date)
    }
}
