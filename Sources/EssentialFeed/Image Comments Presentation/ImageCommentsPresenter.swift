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
        let dates = RelativeDate(locale: locale)
        return ImageCommentsViewModel(
            comments: comments.map { comment in
                ImageCommentViewModel(
                    message: comment.message,
                    date: dates.text(of: comment.createdAt, to: currentDate, calendar: calendar),
                    username: comment.username,
                    name: comment.authorName,
                    avatar: comment.authorAvatar
                )
            })
    }

    /// Names the comment's author, for assistive technologies.
    public static func accessibilityLabel(for comment: ImageCommentViewModel, in locale: Locale) -> String {
        ImageCommentsStrings.commentBy.localized(in: locale, with: comment.username)
    }
}
