import Foundation

/// Whole calendar months from one date to a later one, as `Calendar.dateComponents([.month])`
/// counts them: the most months that, added to the first date (its day kept, or the month's
/// last day when the month is shorter), do not pass the second.
///
/// For the Gregorian calendar the count is plain arithmetic on the two dates' days in the
/// calendar's time zone, as a page counts it for each of its items; other calendars ask
/// Foundation.
enum CalendarMonths {
    static func elapsed(from start: Date, to end: Date, in calendar: Calendar) -> Int {
        guard calendar.identifier == .gregorian, start <= end else {
            let components = calendar.dateComponents([.year, .month], from: start, to: end)
            return (components.year ?? 0) * 12 + (components.month ?? 0)
        }
        let from = LocalTime(start, in: calendar.timeZone)
        let to = LocalTime(end, in: calendar.timeZone)
        var months = (to.year - from.year) * 12 + (to.month - from.month)
        if months > 0, from.adding(months: months) > to { months -= 1 }
        return Int(max(0, months))
    }

    /// A moment as a wall clock in one time zone shows it, to the second.
    private struct LocalTime: Comparable {
        let year: Int64
        let month: Int64
        let day: Int64
        let secondOfDay: Int64

        init(year: Int64, month: Int64, day: Int64, secondOfDay: Int64) {
            self.year = year
            self.month = month
            self.day = day
            self.secondOfDay = secondOfDay
        }

        init(_ date: Date, in timeZone: TimeZone) {
            let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let (year, month, day) = CivilDate.from(daysSinceEpoch: days)
            self.init(year: year, month: month, day: day, secondOfDay: seconds - days * 86_400)
        }

        func adding(months: Int64) -> LocalTime {
            let index = year * 12 + (month - 1) + months
            let newYear = index >= 0 ? index / 12 : (index - 11) / 12
            let newMonth = index - newYear * 12 + 1
            return LocalTime(
                year: newYear, month: newMonth, day: min(day, CivilDate.daysIn(month: newMonth, year: newYear)), secondOfDay: secondOfDay)
        }

        static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
            (lhs.year, lhs.month, lhs.day, lhs.secondOfDay) < (rhs.year, rhs.month, rhs.day, rhs.secondOfDay)
        }
    }
}

/// Proleptic Gregorian dates as day counts from 1970-01-01 (Howard Hinnant's algorithms).
enum CivilDate {
    static func from(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
