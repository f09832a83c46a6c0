/// The strings of the image comments screen.
public enum ImageCommentsStrings: String, LocalizedStringTable {
    case title = "IMAGE_COMMENTS_VIEW_TITLE"
    case listLabel = "IMAGE_COMMENTS_LIST_LABEL"
    case emptyState = "IMAGE_COMMENTS_EMPTY_STATE"
    case backToFeed = "IMAGE_COMMENTS_BACK"
    /// Holds the username: use `ImageCommentsPresenter.accessibilityLabel(for:in:)`.
    case commentBy = "IMAGE_COMMENT_BY"
    case formTitle = "IMAGE_COMMENT_FORM_TITLE"
    case formLabel = "IMAGE_COMMENT_FORM_LABEL"
    /// Holds the longest length: use `ImageCommentFormPresenter.viewModel(locale:)`.
    case formHint = "IMAGE_COMMENT_FORM_HINT"
    case send = "IMAGE_COMMENT_FORM_SEND"
    case sending = "IMAGE_COMMENT_FORM_SENDING"
    case sent = "IMAGE_COMMENT_SENT"
    case emptyMessage = "IMAGE_COMMENT_ERROR_EMPTY"
    /// Holds the longest length: use `ImageCommentFormPresenter.errorMessage(for:locale:)`.
    case messageTooLong = "IMAGE_COMMENT_ERROR_TOO_LONG"
    case sendConnectivity = "IMAGE_COMMENT_ERROR_CONNECTIVITY"
    case sendOffline = "IMAGE_COMMENT_OFFLINE"
    /// Holds how long ago the comments were saved, as the feed's notice does.
    case offlineNotice = "IMAGE_COMMENTS_OFFLINE_NOTICE"
    case offlineNoticeJustSaved = "IMAGE_COMMENTS_OFFLINE_NOTICE_JUST_SAVED"
    case sessionEnded = "IMAGE_COMMENT_ERROR_SESSION_ENDED"
    case imageGone = "IMAGE_COMMENT_ERROR_IMAGE_GONE"

    public static var tableName: String { "ImageComments" }
}
