import EssentialFeed
import Foundation

/// The feed screen with its first page in it, so it reads before any script runs and
/// without scripts at all; `feed.js` then adds paging as the reader scrolls, image loading,
/// refresh and retries. The screen shows what loading its page gave: the page, the offline
/// notice with the cached page, or the error.
public struct FeedScreen {
    /// How many images are in the screen's HTML itself: those a phone shows first.
    static let eagerImages = 2

    private let locale: Locale
    private let language: String
    private let feedURL: String
    private let screenURL: String
    private let page: FeedPageViewModel?
    private let error: ResourceErrorViewModel?
    private let assets: WebAssetLinks
    private let account: SignedInAccount?

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
        account: SignedInAccount? = nil
    ) {
        self.locale = locale
        self.language = language
        self.feedURL = feedURL
        self.screenURL = screenURL
        self.page = page
        self.error = error
        self.assets = assets
        self.account = account
    }

    /// Leads to the "New post" screen; on a narrow window only its "+" shows, its name stays
    /// for assistive technology.
    private var newPostLink: String {
        """
        <a class="new-post-link" href="\(escaping: NewPostScreen.screenURL)"><span class="new-post-icon" aria-hidden="true">+</span><span class="new-post-label">\(escaping: NewPostStrings.title.localized(in: locale))</span></a>
        """
    }

    public var html: String {
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let title = FeedPresenter.title(in: locale)
        let items = page?.items ?? []
        let hasNextPage = page?.nextPageURL != nil
        let nextPage = page?.nextPageURL.map { " data-next-page=\"\($0.htmlEscaped)\"" } ?? ""
        let articles = page.map { FeedArticles(locale: locale, eagerImages: Self.eagerImages).html(for: $0) } ?? ""
        let offlineNotice = page?.offlineNotice
        let retry = SharedStrings.retry.localized(in: locale)
        return HTMLDocument(language: language, title: title, script: "feed.js", assets: assets, body: """
        <header class="screen-header">
        <h1>\(escaping: title)</h1>
        \(account == nil ? "" : newPostLink)
        \(controls.refreshButton)
        \(AccountControls(account: account, locale: locale).html)
        </header>
        \(account == nil ? "" : AppNavigation(current: .feed, locale: locale).html)
        <main class="screen">
        \(controls.statusArea(isLoading: page == nil && error == nil, error: error))
        <div class="offline-notice" data-role="offline-notice" role="status"\(offlineNotice == nil ? " hidden" : "")><p data-role="offline-message">\(escaping: offlineNotice ?? "")</p><a class="banner-action" data-action="retry" href="\(escaping: screenURL)">\(escaping: retry)</a></div>
        <div class="feed" role="feed" aria-busy="\(page == nil && error == nil)" aria-label="\(escaping: FeedStrings.listLabel.localized(in: locale))" data-source="\(escaping: feedURL)"\(nextPage)>
        \(articles)</div>
        <p class="empty-state" data-role="empty"\(page != nil && items.isEmpty ? "" : " hidden")>\(escaping: FeedStrings.emptyState.localized(in: locale))</p>
        <div class="load-more" data-role="load-more"\(hasNextPage ? "" : " hidden")>
        <a class="load-more-button" data-action="load-more" href="\(escaping: page?.nextScreenURL ?? screenURL)">\(escaping: FeedStrings.loadMore.localized(in: locale))</a>
        <p class="loading-more" data-role="loading-more" role="status" hidden><span class="spinner" aria-hidden="true"></span>\(escaping: FeedStrings.loadingMore.localized(in: locale))</p>
        <div class="load-more-error" data-role="load-more-error" hidden>
        <p data-role="load-more-message">\(escaping: FeedStrings.loadMoreError.localized(in: locale))</p>
        <button type="button" data-action="retry-load-more">\(escaping: FeedStrings.loadMoreRetry.localized(in: locale))</button>
        <button type="button" data-action="back-to-top" hidden>\(escaping: FeedStrings.backToTop.localized(in: locale))</button>
        </div>
        </div>
        <p class="feed-end" data-role="feed-end"\(page != nil && !hasNextPage && !items.isEmpty ? "" : " hidden")>\(escaping: FeedStrings.endOfFeed.localized(in: locale))</p>
        </main>
        """).html
    }
}
