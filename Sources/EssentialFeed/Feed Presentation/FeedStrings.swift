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
    case moreNotSavedOffline = "FEED_MORE_NOT_SAVED_OFFLINE"
    case backToTop = "FEED_BACK_TO_TOP"
    case comments = "FEED_COMMENTS_LINK"
    /// Holds the count: use `FeedImagePresenter.commentsLabel(for:in:)`.
    case commentCountOne = "FEED_COMMENT_COUNT_ONE"
    case commentCount = "FEED_COMMENT_COUNT"

    case bannerTitle = "FEED_BANNER_TITLE"
    case bannerLabel = "FEED_BANNER_LABEL"
    case openPhoto = "FEED_OPEN_PHOTO"
    case photoTitle = "PHOTO_VIEW_TITLE"
    case photoPrevious = "PHOTO_PREVIOUS"
    case photoNext = "PHOTO_NEXT"
    case photoActualSize = "PHOTO_ACTUAL_SIZE"
    case photoFit = "PHOTO_FIT"
    case photoLoadingFull = "PHOTO_LOADING_FULL"
    case photoFullUnavailable = "PHOTO_FULL_UNAVAILABLE"
    case photoNotSavedOffline = "PHOTO_NOT_SAVED_OFFLINE"
    /// Holds how long ago the photo was saved: use `PhotoPresenter.offlineNotice(savedAt:currentDate:calendar:locale:)`.
    case photoOfflineNotice = "PHOTO_OFFLINE_NOTICE"
    case photoOfflineNoticeJustSaved = "PHOTO_OFFLINE_NOTICE_JUST_SAVED"
    /// Holds the width and the height: use `PhotoPresenter.dimensions(of:in:)`.
    case photoDimensions = "PHOTO_DIMENSIONS"
    /// Holds how long ago: use `PhotoPresenter.postedLabel(for:currentDate:calendar:locale:)`.
    case photoPosted = "PHOTO_POSTED"
    case photoDetailsLabel = "PHOTO_DETAILS_LABEL"
    case photoBackToFeed = "PHOTO_BACK_TO_FEED"

    public static var tableName: String { "Feed" }
}
