import Foundation

public enum ImageCommentsPresenter {
    public static var title: String {
        title(in: Locale(identifier: LocalizedStrings.defaultLanguage))
    }

    public static func title(in locale: Locale) -> String {
        ImageCommentsStrings.title.localized(in: locale)
    }

    /// Keeps the comments' order, and dates each one relative to `currentDate`
    /// in the locale's language ("1 day ago", "há 1 dia").
    public static func map(
        _ comments: [ImageComment],
        currentDate: Date = Date(),
        calendar: Calendar = .current,
        locale: Locale = .current
    ) -> ImageCommentsViewModel {
        ImageCommentsViewModel(comments: comments.map { comment in
            ImageCommentViewModel(
                message: comment.message,
                date: relativeDate(of: comment.createdAt, to: currentDate, calendar: calendar, locale: locale),
                username: comment.username
            )
        })
    }

    /// Names the comment's author, for assistive technologies.
    public static func accessibilityLabel(for comment: ImageCommentViewModel, in locale: Locale) -> String {
        ImageCommentsStrings.commentBy.localized(in: locale, with: comment.username)
    }

    private static func relativeDate(of date: Date, to currentDate: Date, calendar: Calendar, locale: Locale) -> String {
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
