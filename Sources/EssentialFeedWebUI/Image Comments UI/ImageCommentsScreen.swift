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
        /// The photo's own screen.
        public let photoURL: String?
        /// Its shape and sizes, so it shows in its own shape.
        public let renditions: PhotoRenditions?
        public let placeholder: ImagePlaceholder?

        public init(
            image: FeedImageViewModel, imageURL: String, photoURL: String? = nil, renditions: PhotoRenditions? = nil,
            placeholder: ImagePlaceholder? = nil
        ) {
            self.image = image
            self.imageURL = imageURL
            self.photoURL = photoURL
            self.renditions = renditions
            self.placeholder = placeholder
        }
    }

    private let context: ScreenContext
    private let commentsURL: String
    private let screenURL: String
    private let subject: Subject?
    private let comments: [DatedImageCommentViewModel]?
    private let error: ResourceErrorViewModel?
    private let draft: CommentDraft
    private let deletion: CommentActions?
    private let acceptsComments: Bool

    /// With an `account`, the screen has the "Add a comment" form, holding `draft` — unless
    /// the photo does not `acceptComments` (it is gone, or not shown to the reader).
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
        draft: CommentDraft = CommentDraft(),
        deletion: CommentActions? = nil,
        acceptsComments: Bool = true
    ) {
        self.acceptsComments = acceptsComments
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.commentsURL = commentsURL
        self.screenURL = screenURL
        self.subject = subject
        self.comments = comments
        self.error = error
        self.draft = draft
        self.deletion = deletion
    }

    private var locale: Locale { context.locale }

    /// "3 comments", as the feed counts them.
    private func countLabel(_ count: Int) -> String {
        FeedImagePresenter.commentsLabel(for: FeedImageViewModel(description: nil, location: nil, commentCount: count), in: locale)
    }

    public var html: String {
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let isLoading = comments == nil && error == nil
        let form = (acceptsComments ? context.account : nil).map {
            CommentForm(locale: locale, action: screenURL, fragmentAction: commentsURL, csrfToken: $0.csrfToken, draft: draft).html
        }
        let frame = ScreenFrame(
            context: context, title: ImageCommentsPresenter.title(in: locale), script: "comments.js",
            back: .init(href: "/", label: ImageCommentsStrings.backToFeed.localized(in: locale)),
            actions: [controls.refreshButton], section: .app(current: .feed))
        return frame.html(
            main: """
                <main class="screen">
                \(subject.map { PhotoSubjectFigure(subject: $0, locale: locale).html })
                \(form)
                \(controls.statusArea(isLoading: isLoading, error: error))
                \(OfflineNotice(text: nil, retryURL: screenURL, locale: locale).html)
                <h2 class="comments-count" data-role="comments-count"\(hidden(comments?.isEmpty != false))>\(comments.map { countLabel($0.count) } ?? "")</h2>
                <ol class="comments" aria-busy="\(isLoading)" aria-label="\(ImageCommentsStrings.listLabel.localized(in: locale))" data-source="\(commentsURL)"\(comments.map { ImageCommentsList.countAttribute($0.count, locale: locale) })>
                \(comments.map { ImageCommentsList.itemsHTML($0, deletion: deletion, locale: locale) })</ol>
                <p class="empty-state" data-role="empty"\(hidden(comments?.isEmpty != true))>\(ImageCommentsStrings.emptyState.localized(in: locale))</p>
                </main>
                """
        ).rendered
    }
}

/// The items of a comment list, as the screen and the fragment both render them.
enum ImageCommentsList {
    /// How many comments there are, in the words of the feed's link to them.
    static func countAttribute(_ count: Int, locale: Locale) -> HTML {
        let label = FeedImagePresenter.commentsLabel(for: FeedImageViewModel(description: nil, location: nil, commentCount: count), in: locale)
        return " data-comments-label=\"\(label)\""
    }

    /// As the feed names a post's author: their picture (or initial), the name, then the
    /// @handle, leading to their profile; the username alone when the API gives no name.
    private static func author(of comment: ImageCommentViewModel) -> HTML {
        let profile = ProfileLinks.profile(comment.username)
        guard let name = comment.name else { return "<a class=\"comment-username\" href=\"\(profile)\">\(comment.username)</a>" }
        let picture = AvatarPicture(user: User(username: comment.username, name: name, avatar: comment.avatar), size: "inline").html
        return """
            <a class="comment-author" href="\(profile)">\(picture)<span class="author-name">\(name)</span> <span class="author-handle">@<span class="comment-username">\(comment.username)</span></span></a>
            """
    }

    static func itemsHTML(_ comments: [DatedImageCommentViewModel], deletion: CommentActions? = nil, locale: Locale? = nil) -> HTML {
        let deleteLabel = locale.map { OwnPostStrings.deleteComment.localized(in: $0) } ?? ""
        let reportLabel = locale.map { ModerationStrings.report.localized(in: $0) } ?? ""
        var html = HTML.empty
        for dated in comments {
            html += """
                <li class="comment">
                <p class="comment-header">\(author(of: dated.comment)) <span class="comment-meta"><time class="comment-date" datetime="\(dated.isoDate)">\(dated.comment.date)</time>\(deletion?.link(for: dated, deleteLabel: deleteLabel, reportLabel: reportLabel))</span></p>
                <p class="comment-message">\(LinkedText.html(dated.comment.message))</p>
                </li>

                """
        }
        return html
    }
}
