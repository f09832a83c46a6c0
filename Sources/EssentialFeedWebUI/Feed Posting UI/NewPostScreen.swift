import EssentialFeed
import Foundation

/// What the "New post" form holds after a failure: the texts typed so far, why the post was
/// not made, and which field it was about. A browser never fills a file chooser again, so
/// a screen rendered after a failure asks for the photo again.
public struct NewPostDraft: Sendable, Equatable {
    public let description: String
    public let location: String
    public let alternativeText: String
    public var contentWarning = ""
    /// `nil`: the poster's default.
    public var visibility: FeedImageVisibility? = nil
    public let errorMessage: String?
    public let invalidField: NewPostField?

    public init(
        description: String = "", location: String = "", alternativeText: String = "",
        errorMessage: String? = nil, invalidField: NewPostField? = nil
    ) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.errorMessage = errorMessage
        self.invalidField = invalidField
    }
}

/// The screen that posts a photo. Without scripts the form posts to the screen's address and
/// the app answers `303` to the feed, or this screen again with the error and the texts.
/// `new-post.js` checks the photo's type and size first, shows a preview, sends the form to
/// `fragmentAction` with a progress bar, keeps everything on a failure, and opens the feed
/// on success.
public struct NewPostScreen {
    public static let screenURL = "/new"
    public static let fragmentURL = "/fragments/new"

    private let context: ScreenContext
    private let account: SignedInAccount
    private let draft: NewPostDraft

    public init(locale: Locale, language: String, account: SignedInAccount, draft: NewPostDraft = NewPostDraft(), assets: WebAssetLinks = WebAssetLinks()) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.draft = draft
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let viewModel = NewPostPresenter.viewModel(locale: locale)
        let error = draft.errorMessage.map { "\($0) \(NewPostStrings.chooseAgain.localized(in: locale))" }
        let photoIsInvalid = error != nil && draft.invalidField == nil
        let frame = ScreenFrame(
            context: context, title: viewModel.title, script: "new-post.js",
            back: .init(href: "/", label: viewModel.cancel, handledByScript: false), section: .app(current: nil))
        return frame.html(
            main: """
                <main class="screen">
                <div class="offline-notice" data-role="offline-notice" role="status" hidden><p>\(NewPostStrings.offlineNotice.localized(in: locale))</p></div>
                <form class="new-post-form" method="post" action="\(Self.screenURL)" enctype="multipart/form-data" data-fragment-action="\(Self.fragmentURL)" data-maximum-bytes="\(viewModel.maximumPhotoBytes)" data-accepted-types="\(viewModel.acceptedTypes.joined(separator: " "))" data-no-photo-message="\(message(NewPostError.noPhoto))" data-too-large-message="\(message(NewPostError.photoTooLarge(maximumBytes: viewModel.maximumPhotoBytes)))" data-unsupported-message="\(message(PostedFeedImageMapper.Error.unsupportedType))" data-unreadable-message="\(message(PostedFeedImageMapper.Error.unreadable))" data-connection-error="\(message(ConnectivityError()))" data-offline-message="\(NewPostStrings.offline.localized(in: locale))">
                \(CSRFField.html(account.csrfToken))
                <label for="new-post-photo">\(viewModel.photoLabel)</label>
                <input type="file" id="new-post-photo" name="file" accept="\(viewModel.acceptedTypes.joined(separator: ","))" required aria-describedby="new-post-photo-hint new-post-error"\(photoIsInvalid ? " aria-invalid=\"true\"" as HTML : .empty)>
                <p class="chosen-file" data-role="chosen-file" aria-live="polite" hidden>\(NewPostStrings.noPhotoChosen.localized(in: locale))</p>
                <p class="form-hint" id="new-post-photo-hint">\(viewModel.photoHint)</p>
                <img class="new-post-preview" data-role="preview" alt="\(viewModel.previewLabel)" hidden>
                \(textField(.description, label: viewModel.descriptionLabel, hint: viewModel.textHint, value: draft.description, lines: 3))
                \(textField(.location, label: viewModel.locationLabel, hint: viewModel.textHint, value: draft.location, lines: nil))
                \(textField(.alternativeText, label: viewModel.alternativeTextLabel, hint: viewModel.alternativeTextHint, value: draft.alternativeText, lines: 2))
                <label for="new-post-content_warning">\(OwnPostStrings.contentWarningLabel.localized(in: locale))</label>
                <input type="text" id="new-post-content_warning" name="content_warning" maxlength="\(EditPostScreen.maximumContentWarningLength)" aria-describedby="new-post-content_warning-hint" value="\(draft.contentWarning)">
                <p class="form-hint" id="new-post-content_warning-hint">\(OwnPostStrings.contentWarningHint.localized(in: locale))</p>
                \(VisibilityChoice(id: "new-post-visibility", label: PrivacyStrings.visibilityLabel.localized(in: locale), selected: draft.visibility, locale: locale).html)
                <p class="form-error" id="new-post-error" data-role="post-error" role="alert"\(hidden(error == nil))>\(error ?? "")</p>
                <div class="upload-progress" data-role="progress" hidden>
                <progress max="100" value="0" aria-labelledby="new-post-progress-label" data-role="progress-bar"></progress>
                <p id="new-post-progress-label" data-role="progress-label" data-uploading-text="\(viewModel.uploading)" data-processing-text="\(viewModel.processing)">\(viewModel.uploading)</p>
                </div>
                <p class="visually-hidden" data-role="post-status" role="status" data-posted-text="\(viewModel.postedAnnouncement)"></p>
                <div class="form-actions">
                <button type="button" class="discard-button" data-action="discard" hidden>\(NewPostStrings.discard.localized(in: locale))</button>
                <a class="cancel-link" href="/">\(viewModel.cancel)</a>
                <button type="submit" class="send-button">\(viewModel.postButton)</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }

    private func textField(_ field: NewPostField, label: String, hint: String, value: String, lines: Int?) -> HTML {
        let id = "new-post-\(field.rawValue)"
        let isInvalid = draft.invalidField == field
        let describedBy = isInvalid ? "\(id)-hint new-post-error" : "\(id)-hint"
        let attributes: HTML =
            "id=\"\(id)\" name=\"\(field.rawValue)\" maxlength=\"\(NewPostPresenter.maximumTextLength)\" aria-describedby=\"\(describedBy)\"\(isInvalid ? " aria-invalid=\"true\"" as HTML : .empty)"
        let control =
            lines.map { rows -> HTML in "<textarea \(attributes) rows=\"\(rows)\">\(value)</textarea>" }
            ?? "<input type=\"text\" \(attributes) value=\"\(value)\">"
        return """
            <label for="\(id)">\(label)</label>
            \(control)
            <p class="form-hint" id="\(id)-hint">\(hint)</p>
            """
    }

    private func message(_ error: any Error) -> String {
        NewPostPresenter.errorMessage(for: error, locale: locale)
    }
}
