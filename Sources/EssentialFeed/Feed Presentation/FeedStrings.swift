/// The strings of the feed screen.
public enum FeedStrings: String, LocalizedStringTable {
    case title = "FEED_VIEW_TITLE"
    case listLabel = "FEED_LIST_LABEL"
    case emptyState = "FEED_EMPTY_STATE"
    case endOfFeed = "FEED_END"
    case loadMore = "FEED_LOAD_MORE"
    case loadingMore = "FEED_LOADING_MORE"
    case loadMoreError = "FEED_LOAD_MORE_ERROR"
    case loadMoreRetry = "FEED_LOAD_MORE_RETRY"
    case imageLoading = "FEED_IMAGE_LOADING"
    case imageLoadError = "FEED_IMAGE_LOAD_ERROR"
    case imageRetry = "FEED_IMAGE_RETRY"
    case imageAlternativeText = "FEED_IMAGE_ALT"
    /// Holds the location: use `FeedImagePresenter.alternativeText(for:in:)`.
    case imageAlternativeTextWithLocation = "FEED_IMAGE_ALT_WITH_LOCATION"
    case showComments = "FEED_IMAGE_SHOW_COMMENTS"
    /// Holds how long ago the feed was saved: use `FeedPresenter.offlineNotice(savedAt:currentDate:calendar:locale:)`.
    case offlineNotice = "FEED_OFFLINE_NOTICE"
    case offlineNoticeJustSaved = "FEED_OFFLINE_NOTICE_JUST_SAVED"
    case backToTop = "FEED_BACK_TO_TOP"
    case comments = "FEED_COMMENTS_LINK"
    /// Holds the count: use `FeedImagePresenter.commentsLabel(for:in:)`.
    case commentCountOne = "FEED_COMMENT_COUNT_ONE"
    case commentCount = "FEED_COMMENT_COUNT"

    public static var tableName: String { "Feed" }
}
