import EssentialFeed
import Foundation

/// What the "Add a comment" box holds: the text typed so far (kept after a failure) and
/// why it was not sent.
public struct CommentDraft: Sendable, Equatable {
    public let message: String
    public let errorMessage: String?

    public init(message: String = "", errorMessage: String? = nil) {
        self.message = message
        self.errorMessage = errorMessage
    }
}

/// A plain form posted to the screen's own address (the app answers `303` back to the
/// screen); `comments.js` sends it to `fragmentAction` instead and updates the list in place.
struct CommentForm {
    let locale: Locale
    let action: String
    let fragmentAction: String
    let csrfToken: String
    let draft: CommentDraft

    var html: HTML {
        let viewModel = ImageCommentFormPresenter.viewModel(locale: locale)
        let error = draft.errorMessage
        return """
            <form class="comment-form" method="post" action="\(action)" data-fragment-action="\(fragmentAction)" data-empty-message="\(ImageCommentFormPresenter.errorMessage(for: ImageCommentMessageError.empty, locale: locale))" data-connection-error="\(ImageCommentFormPresenter.errorMessage(for: ConnectivityError(), locale: locale))" data-offline-message="\(ImageCommentsStrings.sendOffline.localized(in: locale))" aria-labelledby="comment-form-title">
            <h2 id="comment-form-title">\(viewModel.title)</h2>
            \(CSRFField.html(csrfToken))
            <label for="comment-message">\(viewModel.messageLabel)</label>
            <textarea id="comment-message" name="message" rows="3" required maxlength="\(viewModel.maximumLength)" aria-describedby="comment-hint comment-error"\(error == nil ? .empty : " aria-invalid=\"true\"" as HTML)>\(draft.message)</textarea>
            <p class="form-hint" id="comment-hint">\(viewModel.hint)</p>
            <p class="form-error" id="comment-error" data-role="comment-error" role="alert"\(hidden(error == nil))>\(error ?? "")</p>
            <p class="visually-hidden" data-role="comment-status" role="status" data-sent-text="\(viewModel.sentAnnouncement)"></p>
            <button type="submit" class="send-button" data-sending-text="\(viewModel.sendingButton)">\(viewModel.sendButton)</button>
            </form>
            """
    }
}
