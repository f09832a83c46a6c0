import Foundation

/// What the "Add a comment" form says.
public struct ImageCommentFormViewModel: Equatable, Sendable {
    public let title: String
    public let messageLabel: String
    public let hint: String
    public let sendButton: String
    public let sendingButton: String
    public let sentAnnouncement: String
    public let maximumLength: Int
}

public enum ImageCommentFormPresenter {
    /// The API's limit, in characters once trimmed.
    public static let maximumMessageLength = ImageCommentMessage.maximumLength

    public static func viewModel(locale: Locale) -> ImageCommentFormViewModel {
        ImageCommentFormViewModel(
            title: ImageCommentsStrings.formTitle.localized(in: locale),
            messageLabel: ImageCommentsStrings.formLabel.localized(in: locale),
            hint: ImageCommentsStrings.formHint.localized(in: locale, with: maximumLength(in: locale)),
            sendButton: ImageCommentsStrings.send.localized(in: locale),
            sendingButton: ImageCommentsStrings.sending.localized(in: locale),
            sentAnnouncement: ImageCommentsStrings.sent.localized(in: locale),
            maximumLength: maximumMessageLength)
    }

    /// The message as it will be sent, checked by the rule the API keeps to.
    public static func validated(_ message: String) throws(ImageCommentMessageError) -> String {
        try ImageCommentMessage.accepted(message)
    }

    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error {
        case ImageCommentMessageError.empty:
            return ImageCommentsStrings.emptyMessage.localized(in: locale)
        case ImageCommentMessageError.tooLong, PostedImageCommentMapper.Error.invalidMessage:
            return ImageCommentsStrings.messageTooLong.localized(in: locale, with: maximumLength(in: locale))
        case PostedImageCommentMapper.Error.authenticationRequired:
            return ImageCommentsStrings.sessionEnded.localized(in: locale)
        case PostedImageCommentMapper.Error.imageNotFound:
            return ImageCommentsStrings.imageGone.localized(in: locale)
        case is InsufficientStorageError:
            return SharedStrings.storageFull.localized(in: locale)
        default:
            return ImageCommentsStrings.sendConnectivity.localized(in: locale)
        }
    }

    private static func maximumLength(in locale: Locale) -> String {
        maximumMessageLength.formatted(.number.locale(locale))
    }
}
