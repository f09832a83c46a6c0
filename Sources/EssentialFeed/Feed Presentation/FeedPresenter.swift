import Foundation

public enum FeedPresenter {
    public static var title: String {
        title(in: Locale(identifier: LocalizedStrings.defaultLanguage))
    }

    public static func title(in locale: Locale) -> String {
        FeedStrings.title.localized(in: locale)
    }

    /// What the feed screen says when it shows the cached feed because the API could not
    /// be reached: "Offline — showing the feed saved 3 hours ago" ("moments ago" within a
    /// minute, where counting seconds would only be noise).
    public static func offlineNotice(
        savedAt: Date,
        currentDate: Date,
        calendar: Calendar = .current,
        locale: Locale = .current
    ) -> String {
        SavedCopyNotice.text(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            justSaved: FeedStrings.offlineNoticeJustSaved, older: FeedStrings.offlineNotice)
    }
}
