import EssentialFeed
import Foundation
import Testing

/// Relative dates are told through the comments presenter, their first user.
@Suite("Relative dates: one age in every language, units changing at their boundaries")
struct RelativeDateTests {
    @Test(arguments: [
        Age(seconds: 0, en: "just now", es: "ahora mismo", pt: "agora mesmo", el: "μόλις τώρα"),
        Age(seconds: 59, en: "just now", es: "ahora mismo", pt: "agora mesmo", el: "μόλις τώρα"),
        Age(seconds: 60, en: "1 minute ago", es: "hace 1 minuto", pt: "há 1 minuto", el: "πριν από 1 λεπτό"),
        Age(seconds: 59 * 60, en: "59 minutes ago", es: "hace 59 minutos", pt: "há 59 minutos", el: "πριν από 59 λεπτά"),
        Age(seconds: 60 * 60, en: "1 hour ago", es: "hace 1 hora", pt: "há 1 hora", el: "πριν από 1 ώρα"),
        Age(seconds: 23 * 3_600 + 3_599, en: "23 hours ago", es: "hace 23 horas", pt: "há 23 horas", el: "πριν από 23 ώρες"),
        Age(seconds: 24 * 3_600, en: "1 day ago", es: "hace 1 día", pt: "há 1 dia", el: "πριν από 1 ημέρα"),
        Age(days: 6, en: "6 days ago", es: "hace 6 días", pt: "há 6 dias", el: "πριν από 6 ημέρες"),
        Age(days: 7, en: "1 week ago", es: "hace 1 semana", pt: "há 1 semana", el: "πριν από 1 εβδομάδα"),
        Age(days: 11, en: "1 week ago", es: "hace 1 semana", pt: "há 1 semana", el: "πριν από 1 εβδομάδα"),
        Age(days: 14, en: "2 weeks ago", es: "hace 2 semanas", pt: "há 2 semanas", el: "πριν από 2 εβδομάδες"),
        Age(days: 29, en: "4 weeks ago", es: "hace 4 semanas", pt: "há 4 semanas", el: "πριν από 4 εβδομάδες"),
        Age(days: 30, en: "1 month ago", es: "hace 1 mes", pt: "há 1 mês", el: "πριν από 1 μήνα"),
        Age(days: 200, en: "6 months ago", es: "hace 6 meses", pt: "há 6 meses", el: "πριν από 6 μήνες"),
        Age(days: 365, en: "11 months ago", es: "hace 11 meses", pt: "há 11 meses", el: "πριν από 11 μήνες"),
        Age(days: 366, en: "1 year ago", es: "hace 1 año", pt: "há 1 ano", el: "πριν από 1 έτος"),
        Age(days: 3 * 366, en: "3 years ago", es: "hace 3 años", pt: "há 3 anos", el: "πριν από 3 έτη")
    ])
    func age_readsTheSameInEveryLanguage(_ age: Age) {
        for (locale, expected) in [("en_US", age.en), ("es_ES", age.es), ("pt_BR", age.pt), ("el_GR", age.el)] {
            #expect(relativeDate(of: now.addingTimeInterval(-age.seconds), locale: locale) == expected, "\(locale)")
        }
    }

    /// Locales disagree on the first day of the week; the age must not depend on it.
    @Test func elevenDays_isOneWeekWhateverTheCalendarsFirstWeekday() {
        for firstWeekday in 1...7 {
            var calendar = utcCalendar
            calendar.firstWeekday = firstWeekday

            #expect(relativeDate(of: now.addingTimeInterval(-11 * 86_400), locale: "en_US", calendar: calendar) == "1 week ago")
        }
    }

    @Test func aDateInTheFuture_readsAsJustNow() {
        #expect(relativeDate(of: now.addingTimeInterval(300), locale: "en_US") == "just now")
    }

    @Test func months_countCalendarMonthsOfTheGivenCalendar() {
        // 2020-03-31 → 2020-05-20 is one calendar month and 20 days.
        let endOfMarch = Date(timeIntervalSince1970: 1_585_612_800)

        #expect(relativeDate(of: endOfMarch, locale: "en_US") == "1 month ago")
    }

    /// The months a page counts by arithmetic are those Foundation's calendar counts, month
    /// ends and leap days included, in any time zone.
    @Test(arguments: [0, -3 * 3_600, 5 * 3_600 + 1_800])
    func monthsAndYears_areTheCalendarsOwnCount_forAnyTwoDates(secondsFromGMT: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: secondsFromGMT))
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(secondsFromGMT)) &+ 1)
        for _ in 0..<1_500 {
            let end = Date(timeIntervalSince1970: TimeInterval(Int64.random(in: 0...4_102_444_800, using: &generator)))
            let start = end.addingTimeInterval(-TimeInterval(Int64.random(in: (7 * 86_400)...(6 * 366 * 86_400), using: &generator)))
            let elapsed = calendar.dateComponents([.year, .month, .day], from: start, to: end)
            let years = elapsed.year ?? 0
            let months = elapsed.month ?? 0
            let weeks = Int(end.timeIntervalSince(start) / 86_400) / 7
            let expected = years >= 1 ? plural(years, "year") : months >= 1 ? plural(months, "month") : plural(weeks, "week")
            let comment = ImageComment(id: UUID(), message: "m", createdAt: start, username: "u")

            let text = ImageCommentsPresenter.map([comment], currentDate: end, calendar: calendar, locale: Locale(identifier: "en_US")).comments.first?.date

            #expect(text == expected, "\(start) → \(end)")
        }
    }

    // MARK: - Helpers

    private func plural(_ count: Int, _ unit: String) -> String {
        "\(count) \(unit)\(count == 1 ? "" : "s") ago"
    }

    struct Age: Sendable, CustomTestStringConvertible {
        let seconds: TimeInterval
        let en: String
        let es: String
        let pt: String
        let el: String

        init(seconds: TimeInterval, en: String, es: String, pt: String, el: String) {
            (self.seconds, self.en, self.es, self.pt, self.el) = (seconds, en, es, pt, el)
        }

        init(days: Int, en: String, es: String, pt: String, el: String) {
            self.init(seconds: TimeInterval(days * 86_400), en: en, es: es, pt: pt, el: el)
        }

        var testDescription: String { "\(Int(seconds)) s: \(en)" }
    }

    /// 2020-05-20T11:24:59Z.
    private let now = Date(timeIntervalSince1970: 1_589_973_899)

    private var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    private func relativeDate(of date: Date, locale: String, calendar: Calendar? = nil) -> String? {
        let comment = ImageComment(id: UUID(), message: "a message", createdAt: date, username: "a username")
        var calendar = calendar ?? utcCalendar
        calendar.locale = Locale(identifier: locale)
        return ImageCommentsPresenter.map([comment], currentDate: now, calendar: calendar, locale: Locale(identifier: locale)).comments.first?.date
    }
}
