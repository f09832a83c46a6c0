import Foundation

/// A date told relative to now in a locale's language: "3 hours ago", "há 1 dia".
///
/// The age is counted the same way for every language — seconds to weeks in fixed lengths,
/// months and years in the calendar's months — so a comment is "1 week ago" after 11 days
/// whatever the locale's first weekday. Only the words are the language's.
enum RelativeDate {
    private static let minute: TimeInterval = 60
    private static let hour: TimeInterval = 60 * minute
    private static let day: TimeInterval = 24 * hour

    static func text(of date: Date, to currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        let (count, unit) = age(of: date, to: currentDate, calendar: calendar)
        guard let unit else { return SharedStrings.relativeNow.localized(in: locale) }
        let key = count == 1 ? unit.one : unit.other
        return key.localized(in: locale, with: String(count))
    }

    private struct Unit {
        let one: SharedStrings
        let other: SharedStrings

        static let minutes = Unit(one: .relativeMinute, other: .relativeMinutes)
        static let hours = Unit(one: .relativeHour, other: .relativeHours)
        static let days = Unit(one: .relativeDay, other: .relativeDays)
        static let weeks = Unit(one: .relativeWeek, other: .relativeWeeks)
        static let months = Unit(one: .relativeMonth, other: .relativeMonths)
        static let years = Unit(one: .relativeYear, other: .relativeYears)
    }

    /// Whole units, rounded down; no unit under a minute (and for dates ahead of now).
    private static func age(of date: Date, to currentDate: Date, calendar: Calendar) -> (Int, Unit?) {
        let seconds = currentDate.timeIntervalSince(date)
        if seconds < minute { return (0, nil) }
        if seconds < hour { return (Int(seconds / minute), .minutes) }
        if seconds < day { return (Int(seconds / hour), .hours) }
        let days = Int(seconds / day)
        if days < 7 { return (days, .days) }
        let elapsed = calendar.dateComponents([.year, .month], from: date, to: currentDate)
        let years = elapsed.year ?? 0
        let months = elapsed.month ?? 0
        if years >= 1 { return (years, .years) }
        if months >= 1 { return (months, .months) }
        return (days / 7, .weeks)
    }
}
