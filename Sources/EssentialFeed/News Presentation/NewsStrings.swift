/// The strings of the news screens.
public enum NewsStrings: String, LocalizedStringTable {
    case title = "NEWS_VIEW_TITLE"
    case featured = "NEWS_FEATURED"
    case latest = "NEWS_LATEST"
    /// Holds how long ago: use `NewsPresenter.map(_:currentDate:calendar:locale:)`.
    case updated = "NEWS_UPDATED"
    case sponsored = "NEWS_SPONSORED"
    /// Holds the advertiser: use `NewsPresenter.map(_:currentDate:calendar:locale:)`.
    case advertBy = "NEWS_ADVERT_BY"
    case opensInNewTab = "NEWS_OPENS_IN_NEW_TAB"
    case emptyState = "NEWS_EMPTY_STATE"
    /// Holds the date: use `NewsPresenter.map(_:currentDate:calendar:locale:)` on a story.
    case published = "NEWS_PUBLISHED"
    case offlineNotice = "NEWS_OFFLINE_NOTICE"
    case offlineNoticeJustSaved = "NEWS_OFFLINE_NOTICE_JUST_SAVED"
    case storyOfflineNotice = "NEWS_STORY_OFFLINE_NOTICE"
    case storyOfflineNoticeJustSaved = "NEWS_STORY_OFFLINE_NOTICE_JUST_SAVED"
    case storyNotSavedOffline = "NEWS_STORY_NOT_SAVED_OFFLINE"
    case backToNews = "NEWS_BACK_TO_NEWS"
    case storyTitle = "NEWS_STORY_TITLE"
    case listLabel = "NEWS_LIST_LABEL"

    public static var tableName: String { "News" }
}
