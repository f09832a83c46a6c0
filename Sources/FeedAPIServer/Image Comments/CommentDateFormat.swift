import Foundation

/// Formats dates as the comments payload has them: `2020-05-20T11:24:59+0000`, always UTC,
/// whole seconds (rounded down), independent of any locale, calendar or time zone setting.
enum CommentDateFormat {
    static func string(from date: Date) -> String {
        let totalSeconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = totalSeconds.floorDivided(by: 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60, second = secondOfDay % 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))+0000"
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (era, _) = (daysSinceEpoch + 719_468).floorDivided(by: 146_097)
        let dayOfEra = daysSinceEpoch + 719_468 - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}
