import EssentialFeed
import Foundation

/// The comments screen with the image it is about and its comments in the first response;
/// `comments.js` adds refresh and retries. Without the comments (the load failed), the
/// error banner says why.
public struct ImageCommentsScreen {
    /// The image the comments are about, as the feed showed it.
    public struct Subject: Sendable, Equatable {
        public let image: FeedImageViewModel
        public let imageURL: String

        public init(image: FeedImageViewModel, imageURL: String) {
            self.image = image
            self.imageURL = imageURL
        }
    }

    private let locale: Locale
    private let language: String
    private let commentsURL: String
    private let screenURL: String
    private let subject: Subject?
    private let comments: [DatedImageCommentViewModel]?
    private let error: ResourceErrorViewModel?
    private let assets: WebAssetLinks
    private let account: SignedInAccount?
    private let draft: CommentDraft

    /// With an `account`, the screen has the "Add a comment" form, holding `draft`.
    public init(
        locale: Locale,
        language: String,
        commentsURL: String,
        screenURL: String = "/",
        subject: Subject? = nil,
        comments: [DatedImageCommentViewModel]? = nil,
        error: ResourceErrorViewModel? = nil,
        assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil,
        draft: CommentDraft = CommentDraft()
    ) {
        self.locale = locale
        self.language = language
        self.commentsURL = commentsURL
        self.screenURL = screenURL
        self.subject = subject
        self.comments = comments
        self.error = error
        self.assets = assets
        self.account = account
        self.draft = draft
    }

    public var html: String {
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let title = ImageCommentsPresenter.title(in: locale)
        let isLoading = comments == nil && error == nil
        return HTMLDocument(language: language, title: title, script: "comments.js", assets: assets, body: """
        <header class="screen-header">
        <a class="back-link" data-action="back" href="/"><span aria-hidden="true">←</span> <span class="back-link-label">\(escaping: ImageCommentsStrings.backToFeed.localized(in: locale))</span></a>
        <h1>\(escaping: title)</h1>
        \(controls.refreshButton)
        \(AccountControls(account: account, locale: locale).html)
        </header>
        \(account == nil ? "" : AppNavigation(current: .feed, locale: locale).html)
        <main class="screen">
        \(subject.map(subjectHTML) ?? "")
        \(account.map { CommentForm(locale: locale, action: screenURL, fragmentAction: commentsURL, csrfToken: $0.csrfToken, draft: draft).html } ?? "")
        \(controls.statusArea(isLoading: isLoading, error: error))
        <ol class="comments" aria-busy="\(isLoading)" aria-label="\(escaping: ImageCommentsStrings.listLabel.localized(in: locale))" data-source="\(escaping: commentsURL)">
        \(comments.map(ImageCommentsList.itemsHTML) ?? "")</ol>
        <p class="empty-state" data-role="empty"\(comments?.isEmpty == true ? "" : " hidden")>\(escaping: ImageCommentsStrings.emptyState.localized(in: locale))</p>
        </main>
        """).html
    }

    private func subjectHTML(_ subject: Subject) -> String {
        var html = """
        <figure class="comments-subject">
        <img class="comments-subject-image" src="\(escaping: subject.imageURL)" alt="\(escaping: FeedImagePresenter.alternativeText(for: subject.image, in: locale))">
        <figcaption>
        """
        if let location = subject.image.location {
            html += "<p class=\"feed-image-location\">\(escaping: location)</p>"
        }
        if let description = subject.image.description {
            html += "<p class=\"comments-subject-description\">\(escaping: description)</p>"
        }
        return html + "</figcaption>\n</figure>"
    }
}

/// The items of a comment list, as the screen and the fragment both render them.
enum ImageCommentsList {
    static func itemsHTML(_ comments: [DatedImageCommentViewModel]) -> String {
        var html = ""
        for dated in comments {
            html += """
            <li class="comment">
            <p class="comment-header"><span class="comment-username">\(escaping: dated.comment.username)</span> <time class="comment-date" datetime="\(escaping: dated.isoDate)">\(escaping: dated.comment.date)</time></p>
            <p class="comment-message">\(escaping: dated.comment.message)</p>
            </li>

            """
        }
        return html
    }
}
