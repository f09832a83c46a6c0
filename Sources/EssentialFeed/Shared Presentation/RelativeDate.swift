import Foundation

/// A date told relative to now in a locale's language: "3 hours ago", "há 1 dia".
///
/// The age is counted the same way for every language — seconds to weeks in fixed lengths,
/// months and years in the calendar's months — so a comment is "1 week ago" after 11 days
/// whatever the locale's first weekday. Only the words are the language's, looked up once
/// when the value is made: a page that dates each of its items makes one.
struct RelativeDate {
    private let now: String
    private let units: [Unit: (one: LocalizedTemplate, other: LocalizedTemplate)]

    init(locale: Locale) {
        now = SharedStrings.relativeNow.localized(in: locale)
        var units: [Unit: (LocalizedTemplate, LocalizedTemplate)] = [:]
        for unit in Unit.allCases {
            units[unit] = (unit.keys.one.template(in: locale), unit.keys.other.template(in: locale))
        }
        self.units = units
    }

    static func text(of date: Date, to currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        RelativeDate(locale: locale).text(of: date, to: currentDate, calendar: calendar)
    }

    func text(of date: Date, to currentDate: Date, calendar: Calendar) -> String {
        let (count, unit) = Self.age(of: date, to: currentDate, calendar: calendar)
        guard let unit, let templates = units[unit] else { return now }
        return (count == 1 ? templates.one : templates.other).filled(with: String(count))
    }

    private enum Unit: CaseIterable {
        case minutes, hours, days, weeks, months, years

        var keys: (one: SharedStrings, other: SharedStrings) {
            switch self {
            case .minutes: (.relativeMinute, .relativeMinutes)
            case .hours: (.relativeHour, .relativeHours)
            case .days: (.relativeDay, .relativeDays)
            case .weeks: (.relativeWeek, .relativeWeeks)
            case .months: (.relativeMonth, .relativeMonths)
            case .years: (.relativeYear, .relativeYears)
            }
        }
    }

    private static let minute: TimeInterval = 60
    private static let hour: TimeInterval = 60 * minute
    private static let day: TimeInterval = 24 * hour

    /// Whole units, rounded down; no unit under a minute (and for dates ahead of now).
    private static func age(of date: Date, to currentDate: Date, calendar: Calendar) -> (Int, Unit?) {
        let seconds = currentDate.timeIntervalSince(date)
        if seconds < minute { return (0, nil) }
        if seconds < hour { return (Int(seconds / minute), .minutes) }
        if seconds < day { return (Int(seconds / hour), .hours) }
        let days = Int(seconds / day)
        if days < 7 { return (days, .days) }
        let months = CalendarMonths.elapsed(from: date, to: currentDate, in: calendar)
        if months >= 12 { return (months / 12, .years) }
        if months >= 1 { return (months, .months) }
        return (days / 7, .weeks)
    }
}
