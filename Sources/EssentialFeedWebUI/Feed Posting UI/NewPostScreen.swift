import EssentialFeed
import Foundation

/// What the "New post" form holds after a failure: the texts typed so far, why the post was
/// not made, and which field it was about. A browser never fills a file chooser again, so
/// a screen rendered after a failure asks for the photo again.
public struct NewPostDraft: Sendable, Equatable {
    public let description: String
    public let location: String
    public let alternativeText: String
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

    private let locale: Locale
    private let language: String
    private let account: SignedInAccount
    private let draft: NewPostDraft
    private let assets: WebAssetLinks

    public init(locale: Locale, language: String, account: SignedInAccount, draft: NewPostDraft = NewPostDraft(), assets: WebAssetLinks = WebAssetLinks()) {
        self.locale = locale
        self.language = language
        self.account = account
        self.draft = draft
        self.assets = assets
    }

    public var html: String {
        let viewModel = NewPostPresenter.viewModel(locale: locale)
        let error = draft.errorMessage.map { "\($0) \(NewPostStrings.chooseAgain.localized(in: locale))" }
        let photoIsInvalid = error != nil && draft.invalidField == nil
        return HTMLDocument(language: language, title: viewModel.title, script: "new-post.js", assets: assets, body: """
        <header class="screen-header">
        <a class="back-link" href="/"><span aria-hidden="true">←</span> <span class="back-link-label">\(escaping: viewModel.cancel)</span></a>
        <h1>\(escaping: viewModel.title)</h1>
        \(AccountControls(account: account, locale: locale).html)
        </header>
        \(AppNavigation(current: nil, locale: locale).html)
        <main class="screen">
        <form class="new-post-form" method="post" action="\(escaping: Self.screenURL)" enctype="multipart/form-data" data-fragment-action="\(escaping: Self.fragmentURL)" data-maximum-bytes="\(viewModel.maximumPhotoBytes)" data-accepted-types="\(escaping: viewModel.acceptedTypes.joined(separator: " "))" data-no-photo-message="\(escaping: message(NewPostError.noPhoto))" data-too-large-message="\(escaping: message(NewPostError.photoTooLarge(maximumBytes: viewModel.maximumPhotoBytes)))" data-unsupported-message="\(escaping: message(PostedFeedImageMapper.Error.unsupportedType))" data-connection-error="\(escaping: message(ConnectivityError()))">
        \(CSRFField.html(account.csrfToken))
        <label for="new-post-photo">\(escaping: viewModel.photoLabel)</label>
        <input type="file" id="new-post-photo" name="file" accept="\(escaping: viewModel.acceptedTypes.joined(separator: ","))" required aria-describedby="new-post-photo-hint new-post-error"\(photoIsInvalid ? " aria-invalid=\"true\"" : "")>
        <p class="form-hint" id="new-post-photo-hint">\(escaping: viewModel.photoHint)</p>
        <img class="new-post-preview" data-role="preview" alt="\(escaping: viewModel.previewLabel)" hidden>
        \(textField(.description, label: viewModel.descriptionLabel, hint: viewModel.textHint, value: draft.description, lines: 3))
        \(textField(.location, label: viewModel.locationLabel, hint: viewModel.textHint, value: draft.location, lines: nil))
        \(textField(.alternativeText, label: viewModel.alternativeTextLabel, hint: viewModel.alternativeTextHint, value: draft.alternativeText, lines: 2))
        <p class="form-error" id="new-post-error" data-role="post-error" role="alert"\(error == nil ? " hidden" : "")>\(escaping: error ?? "")</p>
        <div class="upload-progress" data-role="progress" hidden>
        <progress max="100" value="0" aria-labelledby="new-post-progress-label" data-role="progress-bar"></progress>
        <p id="new-post-progress-label" data-role="progress-label" data-uploading-text="\(escaping: viewModel.uploading)" data-processing-text="\(escaping: viewModel.processing)">\(escaping: viewModel.uploading)</p>
        </div>
        <p class="visually-hidden" data-role="post-status" role="status" data-posted-text="\(escaping: viewModel.postedAnnouncement)"></p>
        <div class="form-actions">
        <a class="cancel-link" href="/">\(escaping: viewModel.cancel)</a>
        <button type="submit" class="send-button">\(escaping: viewModel.postButton)</button>
        </div>
        </form>
        </main>
        """).html
    }

    private func textField(_ field: NewPostField, label: String, hint: String, value: String, lines: Int?) -> String {
        let id = "new-post-\(field.rawValue)"
        let isInvalid = draft.invalidField == field
        let describedBy = isInvalid ? "\(id)-hint new-post-error" : "\(id)-hint"
        let attributes = "id=\"\(id)\" name=\"\(field.rawValue)\" maxlength=\"\(NewPostPresenter.maximumTextLength)\" aria-describedby=\"\(describedBy)\"\(isInvalid ? " aria-invalid=\"true\"" : "")"
        let control = lines.map { "<textarea \(attributes) rows=\"\($0)\">\(value.htmlEscaped)</textarea>" }
            ?? "<input type=\"text\" \(attributes) value=\"\(value.htmlEscaped)\">"
        return """
        <label for="\(id)">\(label.htmlEscaped)</label>
        \(control)
        <p class="form-hint" id="\(id)-hint">\(hint.htmlEscaped)</p>
        """
    }

    private func message(_ error: any Error) -> String {
        NewPostPresenter.errorMessage(for: error, locale: locale)
    }
}
