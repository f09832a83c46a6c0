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

    private let context: ScreenContext
    private let commentsURL: String
    private let screenURL: String
    private let subject: Subject?
    private let comments: [DatedImageCommentViewModel]?
    private let error: ResourceErrorViewModel?
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
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.commentsURL = commentsURL
        self.screenURL = screenURL
        self.subject = subject
        self.comments = comments
        self.error = error
        self.draft = draft
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let isLoading = comments == nil && error == nil
        let form = context.account.map {
            CommentForm(locale: locale, action: screenURL, fragmentAction: commentsURL, csrfToken: $0.csrfToken, draft: draft).html
        }
        let frame = ScreenFrame(
            context: context, title: ImageCommentsPresenter.title(in: locale), script: "comments.js",
            back: .init(href: "/", label: ImageCommentsStrings.backToFeed.localized(in: locale)),
            actions: [controls.refreshButton], section: .app(current: .feed))
        return frame.html(main: """
        <main class="screen">
        \(subject.map(subjectHTML))
        \(form)
        \(controls.statusArea(isLoading: isLoading, error: error))
        <ol class="comments" aria-busy="\(isLoading)" aria-label="\(ImageCommentsStrings.listLabel.localized(in: locale))" data-source="\(commentsURL)">
        \(comments.map(ImageCommentsList.itemsHTML))</ol>
        <p class="empty-state" data-role="empty"\(hidden(comments?.isEmpty != true))>\(ImageCommentsStrings.emptyState.localized(in: locale))</p>
        </main>
        """).rendered
    }

    private func subjectHTML(_ subject: Subject) -> HTML {
        var html: HTML = """
        <figure class="comments-subject">
        <img class="comments-subject-image" src="\(subject.imageURL)" alt="\(FeedImagePresenter.alternativeText(for: subject.image, in: locale))">
        <figcaption>
        """
        if let location = subject.image.location {
            html += "<p class=\"feed-image-location\">\(location)</p>"
        }
        if let description = subject.image.description {
            html += "<p class=\"comments-subject-description\">\(description)</p>"
        }
        return html + "</figcaption>\n</figure>"
    }
}

/// The items of a comment list, as the screen and the fragment both render them.
enum ImageCommentsList {
    static func itemsHTML(_ comments: [DatedImageCommentViewModel]) -> HTML {
        var html = HTML.empty
        for dated in comments {
            html += """
            <li class="comment">
            <p class="comment-header"><span class="comment-username">\(dated.comment.username)</span> <time class="comment-date" datetime="\(dated.isoDate)">\(dated.comment.date)</time></p>
            <p class="comment-message">\(dated.comment.message)</p>
            </li>

            """
        }
        return html
    }
}
