/// The strings of what people do with their own posts and comments, and of content warnings.
public enum OwnPostStrings: String, LocalizedStringTable {
    case contentWarning = "CONTENT_WARNING"
    case showPhoto = "CONTENT_WARNING_SHOW"
    case edited = "POST_EDITED"
    case actionsLabel = "POST_ACTIONS_LABEL"
    case edit = "POST_EDIT"
    case delete = "POST_DELETE"
    case editTitle = "EDIT_POST_TITLE"
    case contentWarningLabel = "EDIT_POST_CONTENT_WARNING_LABEL"
    case contentWarningHint = "EDIT_POST_CONTENT_WARNING_HINT"
    case save = "EDIT_POST_SAVE"
    case cancel = "EDIT_POST_CANCEL"
    case deletePostTitle = "DELETE_POST_TITLE"
    case deletePostMessage = "DELETE_POST_MESSAGE"
    case deletePostConfirm = "DELETE_POST_CONFIRM"
    case deleteComment = "COMMENT_DELETE"
    case deleteCommentTitle = "DELETE_COMMENT_TITLE"
    case deleteCommentMessage = "DELETE_COMMENT_MESSAGE"
    case deleteCommentConfirm = "DELETE_COMMENT_CONFIRM"
    case notAllowed = "OWN_POST_NOT_ALLOWED"
    case failed = "OWN_POST_FAILED"
    case textTooLong = "EDIT_POST_TEXT_TOO_LONG"

    public static var tableName: String { "OwnPosts" }
}
