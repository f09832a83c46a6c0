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

/// A comment that cannot be sent as it is; checked before asking the API, by the API's rules.
public enum ImageCommentMessageError: Error, Equatable, Sendable {
    case empty
    case tooLong(maximum: Int)
}

public enum ImageCommentFormPresenter {
    /// The API's limit, in characters once trimmed.
    public static let maximumMessageLength = 2_000

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

    /// The message as it will be sent: trimmed, 1 to `maximumMessageLength` characters, some
    /// of them visible (zero-width and direction-control characters alone are nothing to read).
    public static func validated(_ message: String) throws(ImageCommentMessageError) -> String {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.contains(where: isVisible) else { throw .empty }
        guard trimmed.count <= maximumMessageLength else { throw .tooLong(maximum: maximumMessageLength) }
        return trimmed
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

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
            && ![.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate]
                .contains(properties.generalCategory)
            && scalar != "\u{2800}"  // braille blank, drawn as nothing
    }

    private static func maximumLength(in locale: Locale) -> String {
        maximumMessageLength.formatted(.number.locale(locale))
    }
}
