/// The strings of the screen that posts a photo.
public enum NewPostStrings: String, LocalizedStringTable {
    case title = "NEW_POST_VIEW_TITLE"
    case photoLabel = "NEW_POST_PHOTO_LABEL"
    /// Holds the largest file: use `NewPostPresenter.viewModel(locale:)`.
    case photoHint = "NEW_POST_PHOTO_HINT"
    case previewLabel = "NEW_POST_PREVIEW_LABEL"
    case descriptionLabel = "NEW_POST_DESCRIPTION_LABEL"
    case locationLabel = "NEW_POST_LOCATION_LABEL"
    case alternativeTextLabel = "NEW_POST_ALT_LABEL"
    /// Holds the longest text: use `NewPostPresenter.viewModel(locale:)`.
    case alternativeTextHint = "NEW_POST_ALT_HINT"
    /// Holds the longest text: use `NewPostPresenter.viewModel(locale:)`.
    case textHint = "NEW_POST_TEXT_HINT"
    case post = "NEW_POST_SUBMIT"
    case cancel = "NEW_POST_CANCEL"
    case discard = "NEW_POST_DISCARD"
    case uploading = "NEW_POST_UPLOADING"
    case processing = "NEW_POST_PROCESSING"
    case posted = "NEW_POST_POSTED"
    case chooseAgain = "NEW_POST_CHOOSE_AGAIN"
    case noPhoto = "NEW_POST_ERROR_NO_PHOTO"
    /// Holds the largest file: use `NewPostPresenter.errorMessage(for:locale:)`.
    case photoTooLarge = "NEW_POST_ERROR_TOO_LARGE"
    case unsupportedType = "NEW_POST_ERROR_UNSUPPORTED"
    case unreadable = "NEW_POST_ERROR_UNREADABLE"
    /// Holds the longest text: use `NewPostPresenter.errorMessage(for:locale:)`.
    case textTooLong = "NEW_POST_ERROR_TEXT_TOO_LONG"
    case connectivity = "NEW_POST_ERROR_CONNECTIVITY"
    case offline = "NEW_POST_OFFLINE"
    case offlineNotice = "NEW_POST_OFFLINE_NOTICE"
    case noPhotoChosen = "NEW_POST_NO_PHOTO_CHOSEN"
    case sessionEnded = "NEW_POST_ERROR_SESSION_ENDED"

    public static var tableName: String { "NewPost" }
}
