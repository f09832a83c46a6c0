import Foundation

/// What the "New post" screen says, and the limits it checks before anything is sent.
public struct NewPostViewModel: Equatable, Sendable {
    public let title: String
    public let photoLabel: String
    public let photoHint: String
    public let previewLabel: String
    public let descriptionLabel: String
    public let locationLabel: String
    public let alternativeTextLabel: String
    public let alternativeTextHint: String
    public let textHint: String
    public let postButton: String
    public let cancel: String
    public let uploading: String
    public let processing: String
    public let postedAnnouncement: String
    public let maximumTextLength: Int
    public let maximumPhotoBytes: Int
    /// The media types a browser may offer; the API still tells photos apart by their bytes.
    public let acceptedTypes: [String]
}

/// The texts of a post, each of which may be left out.
public enum NewPostField: String, CaseIterable, Sendable {
    case description
    case location
    case alternativeText = "alt"
}

/// A post that cannot be sent as it is; checked before asking the API, by the API's rules.
public enum NewPostError: Error, Equatable, Sendable {
    case noPhoto
    case photoTooLarge(maximumBytes: Int)
    case textTooLong(NewPostField, maximum: Int)
}

public enum NewPostPresenter {
    /// The API's limits: characters per text once trimmed, and bytes per photo.
    public static let maximumTextLength = 500
    public static let maximumPhotoBytes = 20_000_000
    public static let acceptedTypes = ["image/jpeg", "image/png", "image/webp"]

    public static func viewModel(locale: Locale) -> NewPostViewModel {
        let maximumText = maximumTextLength.formatted(.number.locale(locale))
        return NewPostViewModel(
            title: NewPostStrings.title.localized(in: locale),
            photoLabel: NewPostStrings.photoLabel.localized(in: locale),
            photoHint: NewPostStrings.photoHint.localized(in: locale, with: maximumMegabytes(in: locale)),
            previewLabel: NewPostStrings.previewLabel.localized(in: locale),
            descriptionLabel: NewPostStrings.descriptionLabel.localized(in: locale),
            locationLabel: NewPostStrings.locationLabel.localized(in: locale),
            alternativeTextLabel: NewPostStrings.alternativeTextLabel.localized(in: locale),
            alternativeTextHint: NewPostStrings.alternativeTextHint.localized(in: locale, with: maximumText),
            textHint: NewPostStrings.textHint.localized(in: locale, with: maximumText),
            postButton: NewPostStrings.post.localized(in: locale),
            cancel: NewPostStrings.cancel.localized(in: locale),
            uploading: NewPostStrings.uploading.localized(in: locale),
            processing: NewPostStrings.processing.localized(in: locale),
            postedAnnouncement: NewPostStrings.posted.localized(in: locale),
            maximumTextLength: maximumTextLength,
            maximumPhotoBytes: maximumPhotoBytes,
            acceptedTypes: acceptedTypes)
    }

    /// The post as it will be sent: a photo of 1 byte to `maximumPhotoBytes`, and each text
    /// trimmed, left out when blank, at most `maximumTextLength` characters.
    public static func validated(
        photo: Data?, description: String?, location: String?, alternativeText: String?
    ) throws(NewPostError) -> NewFeedImage {
        let texts = try [
            (NewPostField.description, description), (.location, location), (.alternativeText, alternativeText)
        ].map { field, text throws(NewPostError) in try validated(text, field) }
        guard let photo, !photo.isEmpty else { throw .noPhoto }
        guard photo.count <= maximumPhotoBytes else { throw .photoTooLarge(maximumBytes: maximumPhotoBytes) }
        return NewFeedImage(data: photo, description: texts[0], location: texts[1], alternativeText: texts[2])
    }

    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error {
        case NewPostError.noPhoto:
            NewPostStrings.noPhoto.localized(in: locale)
        case NewPostError.photoTooLarge, PostedFeedImageMapper.Error.tooLarge:
            NewPostStrings.photoTooLarge.localized(in: locale, with: maximumMegabytes(in: locale))
        case NewPostError.textTooLong, PostedFeedImageMapper.Error.invalidForm:
            NewPostStrings.textTooLong.localized(in: locale, with: maximumTextLength.formatted(.number.locale(locale)))
        case PostedFeedImageMapper.Error.unsupportedType:
            NewPostStrings.unsupportedType.localized(in: locale)
        case PostedFeedImageMapper.Error.unreadable:
            NewPostStrings.unreadable.localized(in: locale)
        case PostedFeedImageMapper.Error.authenticationRequired:
            NewPostStrings.sessionEnded.localized(in: locale)
        case is InsufficientStorageError:
            SharedStrings.storageFull.localized(in: locale)
        default:
            NewPostStrings.connectivity.localized(in: locale)
        }
    }

    private static func validated(_ text: String?, _ field: NewPostField) throws(NewPostError) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard trimmed.count <= maximumTextLength else { throw .textTooLong(field, maximum: maximumTextLength) }
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func maximumMegabytes(in locale: Locale) -> String {
        (maximumPhotoBytes / 1_000_000).formatted(.number.locale(locale))
    }
}
