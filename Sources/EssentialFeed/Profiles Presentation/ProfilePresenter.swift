import Foundation

public enum ProfilePresenter {
    /// Over a profile kept for reading offline: "Offline — showing this profile as saved 2 days ago".
    public static func offlineNotice(savedAt: Date, currentDate: Date, calendar: Calendar = .current, locale: Locale = .current) -> String {
        SavedCopyNotice.text(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            justSaved: ProfileStrings.offlineNoticeJustSaved, older: ProfileStrings.offlineNotice)
    }
}
