import Foundation

/// How long a cached feed may be shown: less than seven calendar days.
enum FeedCachePolicy {
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
}
