import EssentialFeed
import Foundation

/// The feed screen with its first page in it, so it reads before any script runs and
/// without scripts at all; `feed.js` then adds paging as the reader scrolls, image loading,
/// refresh and retries. The screen shows what loading its page gave: the page, the offline
/// notice with the cached page, or the error.
public struct FeedScreen {
    /// How many images are in the screen's HTML itself: those a phone shows first.
    static let eagerImages = 2

    private let context: ScreenContext
    private let feedURL: String
    private let screenURL: String
    private let page: FeedPageViewModel?
    private let error: ResourceErrorViewModel?
    private let banner: FeedItemViewModel?
    private let bannerURL: String?
    private let tab: FeedTab?
    private let suggestions: [User]
    private let rendered: RenderedFeedPages?

    /// `feedURL` is the first page's fragment, which refresh loads; `screenURL` this screen's
    /// own address, which retry reloads without scripts.
    public init(
        locale: Locale,
        language: String,
        feedURL: String,
        screenURL: String = "/",
        page: FeedPageViewModel? = nil,
        error: ResourceErrorViewModel? = nil,
        assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil,
        banner: FeedItemViewModel? = nil,
        bannerURL: String? = nil,
        tab: FeedTab? = nil,
        suggestions: [User] = [],
        rendered: RenderedFeedPages? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.feedURL = feedURL
        self.screenURL = screenURL
        self.page = page
        self.error = error
        self.banner = banner
        self.bannerURL = bannerURL
        self.tab = tab
        self.suggestions = suggestions
        self.rendered = rendered
    }

    private var locale: Locale { context.locale }

    /// Leads to the "New post" screen; on a narrow window only its "+" shows, its name stays
    /// for assistive technology.
    private var newPostLink: HTML {
        """
        <a class="new-post-link" href="\(NewPostScreen.screenURL)"><span class="new-post-icon" aria-hidden="true">+</span><span class="new-post-label">\(NewPostStrings.title.localized(in: locale))</span></a>
        """
    }

    public var html: String {
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let items = page?.items ?? []
        let hasNextPage = page?.nextPageURL != nil
        // Nothing at all to show: a first page with none, and none after it. A later page with
        // none (the rest were left out for this reader) is the end, or leads on.
        let isEmptyFeed = page != nil && items.isEmpty && !hasNextPage && (page?.firstPosition ?? 1) == 1
        let nextPage = page?.nextPageURL.map { url -> HTML in " data-next-page=\"\(url)\"" }
        let articles = page.map { FeedArticles(locale: locale, eagerImages: Self.eagerImages, rendered: rendered).html(for: $0) }
        let frame = ScreenFrame(
            context: context, title: tab == .following ? ProfileStrings.followingTab.localized(in: locale) : FeedPresenter.title(in: locale),
            script: "feed.js",
            actions: [context.account == nil ? .empty : newPostLink, controls.refreshButton], section: .app(current: .feed))
        return frame.html(
            main: """
                <main class="screen">
                \(tab.map { FeedTabs(current: $0, locale: locale).html + "\n" })\(controls.statusArea(isLoading: page == nil && error == nil, error: error))
                \(OfflineNotice(text: page?.offlineNotice, retryURL: screenURL, locale: locale).html)
                \(bannerURL.map { FeedBanner(photo: banner, locale: locale).slot(sourceURL: $0) })
                <div class="feed" role="feed" aria-busy="\(page == nil && error == nil)" aria-label="\(FeedStrings.listLabel.localized(in: locale))" data-source="\(feedURL)"\(nextPage)>
                \(articles)</div>
                \(emptyState(isHidden: !isEmptyFeed))
                <div class="load-more" data-role="load-more"\(hidden(!hasNextPage))>
                <a class="load-more-button" data-action="load-more" href="\(page?.nextScreenURL ?? screenURL)">\(FeedStrings.loadMore.localized(in: locale))</a>
                <p class="loading-more" data-role="loading-more" role="status" hidden><span class="spinner" aria-hidden="true"></span>\(FeedStrings.loadingMore.localized(in: locale))</p>
                <div class="load-more-error" data-role="load-more-error" hidden>
                <p data-role="load-more-message">\(FeedStrings.loadMoreError.localized(in: locale))</p>
                <button type="button" data-action="retry-load-more">\(FeedStrings.loadMoreRetry.localized(in: locale))</button>
                <button type="button" data-action="back-to-top" hidden>\(FeedStrings.backToTop.localized(in: locale))</button>
                </div>
                </div>
                <div class="feed-end" data-role="feed-end"\(hidden(page == nil || hasNextPage || isEmptyFeed))>
                <p>\(FeedStrings.endOfFeed.localized(in: locale))</p>
                <a class="feed-end-top" href="#top" data-action="scroll-to-top">\(FeedStrings.backToTop.localized(in: locale))</a>
                </div>
                </main>
                """
        ).rendered
    }

    /// On the Following tab, an invitation to follow people, with some to follow.
    private func emptyState(isHidden: Bool) -> HTML {
        guard tab == .following else {
            return "<p class=\"empty-state\" data-role=\"empty\"\(hidden(isHidden))>\(FeedStrings.emptyState.localized(in: locale))</p>"
        }
        return TimelineInvitation(suggestions: suggestions, account: context.account, next: screenURL, locale: locale).html(isHidden: isHidden)
    }
}
