import Foundation

/// What the screen of one photo says about it, in the reader's language.
public enum PhotoPresenter {
    public static func title(in locale: Locale) -> String {
        FeedStrings.photoTitle.localized(in: locale)
    }

    /// "3,000 × 2,000 pixels", the numbers written as the language writes them.
    public static func dimensions(of photo: FeedPhoto, in locale: Locale) -> String {
        let number = IntegerFormatStyle<Int>.number.locale(locale)
        return FeedStrings.photoDimensions.localized(in: locale)
            .replacing("%@", with: photo.width.formatted(number), maxReplacements: 1)
            .replacing("%@", with: photo.height.formatted(number), maxReplacements: 1)
    }

    /// "Posted 3 hours ago".
    public static func postedLabel(for date: Date, currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        FeedStrings.photoPosted.localized(
            in: locale, with: RelativeDate.text(of: date, to: currentDate, calendar: calendar, locale: locale))
    }

    /// "Offline — showing this photo as saved 3 hours ago": the photo's screen names itself.
    public static func offlineNotice(savedAt: Date, currentDate: Date, calendar: Calendar = .current, locale: Locale = .current) -> String {
        SavedCopyNotice.text(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            justSaved: FeedStrings.photoOfflineNoticeJustSaved, older: FeedStrings.photoOfflineNotice)
    }
}
