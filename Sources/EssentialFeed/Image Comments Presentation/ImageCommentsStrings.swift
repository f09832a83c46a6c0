/// The strings of the image comments screen.
public enum ImageCommentsStrings: String, LocalizedStringTable {
    case title = "IMAGE_COMMENTS_VIEW_TITLE"
    case listLabel = "IMAGE_COMMENTS_LIST_LABEL"
    case emptyState = "IMAGE_COMMENTS_EMPTY_STATE"
    case backToFeed = "IMAGE_COMMENTS_BACK"
    /// Holds the username: use `ImageCommentsPresenter.accessibilityLabel(for:in:)`.
    case commentBy = "IMAGE_COMMENT_BY"

    public static var tableName: String { "ImageComments" }
}
