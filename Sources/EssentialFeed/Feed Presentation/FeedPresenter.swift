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
        guard currentDate.timeIntervalSince(savedAt) >= 60 else {
            return FeedStrings.offlineNoticeJustSaved.localized(in: locale)
        }
        let age = RelativeDate.text(of: savedAt, to: currentDate, calendar: calendar, locale: locale)
        return FeedStrings.offlineNotice.localized(in: locale, with: age)
    }
}
