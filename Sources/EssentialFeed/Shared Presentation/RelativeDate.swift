import Foundation

/// A date told relative to now in a locale's language: "3 hours ago", "há 1 dia".
enum RelativeDate {
    static func text(of date: Date, to currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        #if canImport(Darwin)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return anchoredRelativeDate(of: date, to: currentDate, calendar: calendar, locale: locale)
        }
        // Older Apple systems lack the anchored style; Linux lacks this formatter.
        let formatter = RelativeDateTimeFormatter()
        formatter.calendar = calendar
        formatter.locale = locale
        formatter.dateTimeStyle = .numeric
        formatter.unitsStyle = .full
        return formatter.localizedString(for: date, relativeTo: currentDate)
        #else
        return anchoredRelativeDate(of: date, to: currentDate, calendar: calendar, locale: locale)
        #endif
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static func anchoredRelativeDate(of date: Date, to currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        Date.AnchoredRelativeFormatStyle(
            anchor: date,
            presentation: .numeric,
            unitsStyle: .wide,
            locale: locale,
            calendar: calendar
        )
        .format(currentDate)
    }
}
