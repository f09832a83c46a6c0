import EssentialFeed
import Foundation

/// The texts of a post as the edit form shows them: the post's own, or what was typed when
/// saving failed, with why.
public struct EditPostDraft: Sendable, Equatable {
    public var description: String
    public var location: String
    public var alternativeText: String
    public var contentWarning: String
    public var errorMessage: String?
    public var visibility = FeedImageVisibility.public

    public init(description: String = "", location: String = "", alternativeText: String = "", contentWarning: String = "", errorMessage: String? = nil) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.contentWarning = contentWarning
        self.errorMessage = errorMessage
    }

    /// The texts the photo has now.
    public init(_ image: FeedImage) {
        self.init(
            description: image.description ?? "", location: image.location ?? "", alternativeText: image.alternativeText ?? "",
            contentWarning: image.contentWarning ?? "")
        visibility = image.visibility
    }
}

/// Changing one's photo's texts: a form that posts to its own address; saved, the app
/// answers `303` to the photo, or this screen again with the error and what was typed.
public struct EditPostScreen {
    /// The longest content warning the API takes.
    public static let maximumContentWarningLength = 200

    private let context: ScreenContext
    private let account: SignedInAccount
    private let imageID: UUID
    private let draft: EditPostDraft

    public init(
        imageID: UUID, draft: EditPostDraft, locale: Locale, language: String, account: SignedInAccount, assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.imageID = imageID
        self.draft = draft
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let labels = NewPostPresenter.viewModel(locale: locale)
        let photoURL = "/images/\(UUIDText.string(from: imageID))"
        let cancel = OwnPostStrings.cancel.localized(in: locale)
        let frame = ScreenFrame(
            context: context, title: OwnPostStrings.editTitle.localized(in: locale), script: nil,
            back: .init(href: photoURL, label: cancel, handledByScript: false), section: .app(current: nil))
        return frame.html(
            main: """
                <main class="screen">
                <form class="edit-post-form" method="post" action="\(OwnPostLinks.edit(imageID))">
                \(CSRFField.html(account.csrfToken))
                \(field("description", label: labels.descriptionLabel, hint: labels.textHint, value: draft.description, lines: 3))
                \(field("location", label: labels.locationLabel, hint: labels.textHint, value: draft.location))
                \(field("alt", label: labels.alternativeTextLabel, hint: labels.alternativeTextHint, value: draft.alternativeText, lines: 2))
                \(field("content_warning", label: OwnPostStrings.contentWarningLabel.localized(in: locale), hint: OwnPostStrings.contentWarningHint.localized(in: locale), value: draft.contentWarning, maximumLength: Self.maximumContentWarningLength))
                \(VisibilityChoice(id: "edit-post-visibility", label: PrivacyStrings.visibilityLabel.localized(in: locale), selected: draft.visibility, locale: locale).html)
                <p class="form-error" id="edit-post-error" role="alert"\(draft.errorMessage == nil ? " hidden" as HTML : .empty)>\(draft.errorMessage ?? "")</p>
                <div class="form-actions">
                <a class="cancel-link" href="\(photoURL)">\(cancel)</a>
                <button type="submit" class="send-button">\(OwnPostStrings.save.localized(in: locale))</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }

    private func field(
        _ name: String, label: String, hint: String, value: String, lines: Int? = nil, maximumLength: Int = NewPostPresenter.maximumTextLength
    ) -> HTML {
        let id = "edit-post-\(name)"
        let attributes: HTML = "id=\"\(id)\" name=\"\(name)\" maxlength=\"\(String(maximumLength))\" aria-describedby=\"\(id)-hint\""
        let control = lines.map { rows -> HTML in "<textarea \(attributes) rows=\"\(String(rows))\">\(value)</textarea>" } ?? "<input type=\"text\" \(attributes) value=\"\(value)\">"
        return """
            <label for="\(id)">\(label)</label>
            \(control)
            <p class="form-hint" id="\(id)-hint">\(hint)</p>
            """
    }
}

/// "Delete this?" before a photo or a comment goes for good: a form that posts to the
/// screen's own address, and the way back.
public struct ConfirmDeletionScreen {
    public enum Subject: Sendable {
        case photo(UUID)
        case comment(UUID, onPhoto: UUID)
    }

    private let context: ScreenContext
    private let account: SignedInAccount
    private let subject: Subject
    private let errorMessage: String?
    /// What is about to go, when known: a comment's words and author, so the person sees which one.
    private let quote: String?
    private let quoteAuthor: User?
    /// The photo that goes, or whose comment goes, when known.
    private let photo: ImageCommentsScreen.Subject?

    public init(
        _ subject: Subject, locale: Locale, language: String, account: SignedInAccount, errorMessage: String? = nil, quote: String? = nil,
        quoteAuthor: User? = nil, photo: ImageCommentsScreen.Subject? = nil, assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.subject = subject
        self.errorMessage = errorMessage
        self.quote = quote
        self.quoteAuthor = quoteAuthor
        self.photo = photo
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let (title, message, confirm, action, back): (OwnPostStrings, OwnPostStrings, OwnPostStrings, String, String) =
            switch subject {
            case let .photo(id):
                (.deletePostTitle, .deletePostMessage, .deletePostConfirm, OwnPostLinks.delete(id), "/images/\(UUIDText.string(from: id))")
            case let .comment(commentID, photoID):
                (
                    .deleteCommentTitle, .deleteCommentMessage, .deleteCommentConfirm, OwnPostLinks.deleteComment(commentID, on: photoID),
                    "/images/\(UUIDText.string(from: photoID))/comments"
                )
            }
        let cancel = OwnPostStrings.cancel.localized(in: locale)
        let frame = ScreenFrame(
            context: context, title: title.localized(in: locale), script: nil,
            back: .init(href: back, label: cancel, handledByScript: false), section: .app(current: nil))
        return frame.html(
            main: """
                <main class="screen">
                \(photo.map { PhotoSubjectFigure(subject: $0, locale: locale).html + "\n" })<form class="confirm-deletion-form" method="post" action="\(action)">
                \(CSRFField.html(account.csrfToken))
                <p>\(message.localized(in: locale))</p>
                \(QuotedComment.html(quote, by: quoteAuthor))<p class="form-error" role="alert"\(errorMessage == nil ? " hidden" as HTML : .empty)>\(errorMessage ?? "")</p>
                <div class="form-actions">
                <a class="cancel-link" href="\(back)">\(cancel)</a>
                <button type="submit" class="danger-button">\(confirm.localized(in: locale))</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }
}
