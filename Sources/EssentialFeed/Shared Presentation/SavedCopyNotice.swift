import Foundation

/// What a screen says over a copy saved for offline reading: `justSaved` within a minute of
/// saving, else `older` with how long ago ("3 hours ago"), told as `RelativeDate` tells it.
enum SavedCopyNotice {
    static func text<Table: LocalizedStringTable>(
        savedAt: Date, currentDate: Date, calendar: Calendar, locale: Locale, justSaved: Table, older: Table
    ) -> String {
        guard currentDate.timeIntervalSince(savedAt) >= 60 else { return justSaved.localized(in: locale) }
        return older.localized(in: locale, with: RelativeDate.text(of: savedAt, to: currentDate, calendar: calendar, locale: locale))
    }
}
