import Foundation

/// A story as its screen shows it.
public struct NewsStoryViewModel: Hashable, Sendable {
    public let id: UUID
    public let headline: String
    public let heroImage: NewsImage
    public let createdAt: Date
    public let updatedAt: Date
    /// "Published 3 March 2026", in the reader's language and calendar.
    public let published: String
    /// "Updated 5 minutes ago"; `nil` when the story was never changed after it was published.
    public let updated: String?
    public let contents: [NewsStory.Block]
}

/// The story could not be loaded, and it was never opened while online, so the cache does
/// not have it either.
public struct NewsStoryNotSavedOfflineError: PresentableError, Equatable {
    public init() {}

    public func message(in locale: Locale) -> String {
        NewsStrings.storyNotSavedOffline.localized(in: locale)
    }
}

extension NewsPresenter {
    public static func storyTitle(in locale: Locale) -> String {
        NewsStrings.storyTitle.localized(in: locale)
    }

    public static func map(_ story: NewsStory, currentDate: Date, calendar: Calendar, locale: Locale) -> NewsStoryViewModel {
        let date = Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        return NewsStoryViewModel(
            id: story.id,
            headline: story.headline,
            heroImage: story.heroImage,
            createdAt: story.createdAt,
            updatedAt: story.updatedAt,
            published: NewsStrings.published.localized(in: locale, with: story.createdAt.formatted(date)),
            updated: story.updatedAt > story.createdAt
                ? updated(story.updatedAt, currentDate: currentDate, calendar: calendar, locale: locale) : nil,
            contents: story.contents)
    }

    /// Over the cached list while offline: "Offline — showing the news saved 3 hours ago"
    /// ("moments ago" within a minute).
    public static func offlineNotice(savedAt: Date, currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        notice(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            recent: .offlineNoticeJustSaved, older: .offlineNotice)
    }

    /// Over a cached story while offline: "Offline — showing this story as saved 2 days ago".
    public static func storyOfflineNotice(savedAt: Date, currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        notice(
            savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale,
            recent: .storyOfflineNoticeJustSaved, older: .storyOfflineNotice)
    }

    private static func notice(
        savedAt: Date, currentDate: Date, calendar: Calendar, locale: Locale, recent: NewsStrings, older: NewsStrings
    ) -> String {
        SavedCopyNotice.text(savedAt: savedAt, currentDate: currentDate, calendar: calendar, locale: locale, justSaved: recent, older: older)
    }
}
