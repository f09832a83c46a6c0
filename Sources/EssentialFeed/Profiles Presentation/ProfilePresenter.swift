import Foundation

public enum ProfilePresenter {
    /// Over a profile kept for reading offline: "Offline — showing this profile as saved 2 days ago".
    public static func offlineNotice(savedAt: Date, currentDate: Date, calendar: Calendar = .current, locale: Locale = .current) -> String {
        SavedCopyNotice.text(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            justSaved: ProfileStrings.offlineNoticeJustSaved, older: ProfileStrings.offlineNotice)
    }

    /// What a search that found no one says, naming what was searched for.
    public static func noMatch(for text: String, locale: Locale = .current) -> String {
        LocalizedTemplate(ProfileStrings.searchNoMatch.localized(in: locale)).filled(with: text)
    }
}
