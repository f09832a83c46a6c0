import EssentialFeed
import Foundation

/// One photo whole, on a dark backdrop, with what is known of it; `photo.js` adds the
/// full-size download over the size the feed showed, the keys, swipes, and fit / actual size.
public struct PhotoScreen {
    /// What the screen shows of the photo, composed by the app.
    public struct Photo: Sendable {
        public let item: FeedItemViewModel
        /// The largest size, loaded over the one the feed showed.
        public let fullURL: String?
        public let dimensions: String?
        public let posted: PostedDate?
        public let previousURL: String?
        public let nextURL: String?
        /// The largest size's width in pixels: what "Actual size" draws one pixel per device pixel.
        public let fullWidth: Int?
        /// The reader mutes its author: the screen offers to undo it.
        public let isAuthorMutedByReader: Bool

        public init(
            item: FeedItemViewModel, fullURL: String?, dimensions: String?, posted: PostedDate?, previousURL: String?, nextURL: String?,
            fullWidth: Int? = nil, isAuthorMutedByReader: Bool = false
        ) {
            self.item = item
            self.fullURL = fullURL
            self.fullWidth = fullWidth
            self.isAuthorMutedByReader = isAuthorMutedByReader
            self.dimensions = dimensions
            self.posted = posted
            self.previousURL = previousURL
            self.nextURL = nextURL
        }
    }

    /// When a photo was posted: told relative to now, with the exact date on hand.
    public struct PostedDate: Sendable {
        public let relative: String
        public let exact: String
        public let iso: String

        public init(relative: String, exact: String, iso: String) {
            self.relative = relative
            self.exact = exact
            self.iso = iso
        }
    }

    private let context: ScreenContext
    private let photo: Photo?
    private let offlineNotice: String?
    private let unavailableMessage: String?
    private let feedURL: String
    private let backLabel: String?

    /// With a `photo`, the photo; without one, `unavailableMessage` says why. `feedURL` is
    /// where the photo was opened from (the feed, or a profile named by `backLabel`).
    public init(
        locale: Locale, language: String, photo: Photo?, offlineNotice: String? = nil, unavailableMessage: String? = nil,
        feedURL: String = "/", backLabel: String? = nil, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.photo = photo
        self.offlineNotice = offlineNotice
        self.unavailableMessage = unavailableMessage
        self.feedURL = feedURL
        self.backLabel = backLabel
    }

    private var locale: Locale { context.locale }

    public var html: String {
        let frame = ScreenFrame(
            context: context, title: PhotoPresenter.title(in: locale), script: "photo.js",
            back: .init(href: feedURL, label: backLabel ?? FeedStrings.photoBackToFeed.localized(in: locale)), section: .app(current: nil))
        guard let photo else {
            return frame.html(
                main: """
                    <main class="photo-screen" data-feed="\(feedURL)">
                    <p class="photo-unavailable" role="alert">\(unavailableMessage ?? "")</p>
                    </main>
                    """
            ).rendered
        }
        return frame.html(
            main: """
                <main class="photo-screen" data-photo-id="\(UUIDText.string(from: photo.item.id))" data-feed="\(feedURL)"\(attribute("data-previous", photo.previousURL))\(attribute("data-next", photo.nextURL))>
                \(OfflineNotice(text: offlineNotice, retryURL: photo.item.photoURL ?? feedURL, locale: locale).html)
                \(stage(photo))
                \(controls(photo))
                \(details(photo))
                </main>
                """
        ).rendered
    }

    private func attribute(_ name: String, _ value: String?) -> HTML {
        guard let value else { return .empty }
        return " \(name)=\"\(value)\""
    }

    /// The BlurHash at once, over it the size the feed showed (the browser has it), and
    /// the full size once it arrives; the loader until then.
    private func stage(_ photo: Photo) -> HTML {
        let item = photo.item
        let image = PhotoImage(item: item, alternativeText: FeedImagePresenter.alternativeText(for: item.image, in: locale), className: "photo-image")
        return """
            <div class="photo-stage" data-role="stage">
            <div class="photo-frame"\(image.boxAttributes(bounded: false))\(attribute("data-actual-width", photo.fullWidth.map(String.init)))\(item.placeholder?.attributes)>
            \(image.eager(isFirst: true, fullURL: photo.fullURL))\(item.image.contentWarning.map { "\n" + ContentWarningLabels(locale: locale).overlay($0) })
            </div>
            <p class="photo-loading" data-role="full-loading" role="status" hidden><span class="spinner" aria-hidden="true"></span>\(FeedStrings.photoLoadingFull.localized(in: locale))</p>
            <p class="photo-note" data-role="full-unavailable" role="status" hidden>\(FeedStrings.photoFullUnavailable.localized(in: locale))</p>
            </div>
            """
    }

    private func controls(_ photo: Photo) -> HTML {
        let previous = FeedStrings.photoPrevious.localized(in: locale)
        let next = FeedStrings.photoNext.localized(in: locale)
        let previousControl: HTML =
            photo.previousURL.map { url in
                "<a class=\"photo-step\" href=\"\(url)\" rel=\"prev\" data-action=\"previous\"><span aria-hidden=\"true\">←</span> <span class=\"photo-step-label\">\(previous)</span></a>"
            } ?? "<span class=\"photo-step\" aria-disabled=\"true\"><span aria-hidden=\"true\">←</span> <span class=\"photo-step-label\">\(previous)</span></span>"
        let nextControl: HTML =
            photo.nextURL.map { url in
                "<a class=\"photo-step\" href=\"\(url)\" rel=\"next\" data-action=\"next\"><span class=\"photo-step-label\">\(next)</span> <span aria-hidden=\"true\">→</span></a>"
            } ?? "<span class=\"photo-step\" aria-disabled=\"true\"><span class=\"photo-step-label\">\(next)</span> <span aria-hidden=\"true\">→</span></span>"
        return """
            <nav class="photo-controls" aria-label="\(PhotoPresenter.title(in: locale))">
            \(previousControl)
            <button type="button" class="photo-zoom" data-action="zoom" aria-pressed="false" data-fit-label="\(FeedStrings.photoFit.localized(in: locale))" data-actual-label="\(FeedStrings.photoActualSize.localized(in: locale))" hidden>\(FeedStrings.photoActualSize.localized(in: locale))</button>
            \(nextControl)
            </nav>
            """
    }

    private func details(_ photo: Photo) -> HTML {
        let image = photo.item.image
        var html: HTML = "<section class=\"photo-details\" aria-label=\"\(FeedStrings.photoDetailsLabel.localized(in: locale))\">\n"
        if let author = image.author {
            html += authorLine(author) + "\n"
        }
        if let location = image.location {
            html += "<p class=\"feed-image-location\">\(location)</p>\n"
        }
        if let description = image.description {
            html += "<p class=\"photo-description\">\(LinkedText.html(description))</p>\n"
        }
        var facts = [HTML]()
        if let dimensions = photo.dimensions {
            facts.append("<span class=\"photo-dimensions\">\(dimensions)</span>")
        }
        if let posted = photo.posted {
            facts.append("<time class=\"photo-posted\" datetime=\"\(posted.iso)\" title=\"\(posted.exact)\">\(posted.relative)</time>")
        }
        if image.isEdited {
            facts.append("<span class=\"photo-edited\">\(OwnPostStrings.edited.localized(in: locale))</span>")
        }
        if image.isForFollowersOnly {
            facts.append(FollowersOnlyBadge.html(locale: locale))
        }
        if !facts.isEmpty {
            html += "<p class=\"photo-facts\">\(facts.joined(separator: " · "))</p>\n"
        }
        let comments = image.commentCount == nil ? FeedStrings.comments.localized(in: locale) : FeedImagePresenter.commentsLabel(for: image, in: locale)
        if let likeCount = image.likeCount {
            html += HeartForm(imageID: photo.item.id, likeCount: likeCount, isLiked: image.isLiked, labels: HeartLabels(locale: locale)).html + "\n"
        }
        html += "<a class=\"feed-comments-link\" href=\"\(photo.item.commentsURL)\"><span aria-hidden=\"true\">💬</span> \(comments)</a>\n"
        if let author = image.author, let reader = context.account?.user, author.username.lowercased() == reader.username.lowercased() {
            html += OwnPostActions(imageID: photo.item.id, locale: locale).html + "\n"
        } else if let account = context.account {
            html += "<a class=\"report-link\" href=\"\(ReportScreen.url(for: .photo(photo.item.id)))\">\(ModerationStrings.report.localized(in: locale))</a>\n"
            if let author = image.author {
                html += othersPostActions(by: author, isMuted: photo.isAuthorMutedByReader, account: account) + "\n"
            }
        }
        return html + "</section>"
    }

    /// Beside Report on someone else's photo: mute its author (or unmute them), or block them
    /// (asked first).
    private func othersPostActions(by author: User, isMuted: Bool, account: SignedInAccount) -> HTML {
        let change: RelationChange = isMuted ? .unmute : .mute
        let mute = (isMuted ? PrivacyStrings.unmute : PrivacyStrings.mute).localized(in: locale)
        let block = PrivacyStrings.block.localized(in: locale)
        return """
            <span class="others-post-actions"><form class="relation-form" method="post" action="\(ProfileLinks.relation(author.username, change))">\(CSRFField.html(account.csrfToken))<button type="submit" class="relation-button \(change.rawValue)-button">\(mute)<span class="visually-hidden"> \(author.name)</span></button></form> \
            <a class="relation-button block-button" href="\(ProfileLinks.relation(author.username, .block))">\(block)<span class="visually-hidden"> \(author.name)</span></a></span>
            """
    }
}
