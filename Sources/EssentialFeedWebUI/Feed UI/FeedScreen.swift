import EssentialFeed
import Foundation

/// The feed screen as first delivered: every control in place, loading, and the address
/// its script loads the first page from.
public struct FeedScreen {
    private let locale: Locale
    private let language: String
    private let feedURL: String

    public init(locale: Locale, language: String, feedURL: String) {
        self.locale = locale
        self.language = language
        self.feedURL = feedURL
    }

    public var html: String {
        let controls = LoadingControls(locale: locale)
        let title = FeedPresenter.title(in: locale)
        return HTMLDocument(language: language, title: title, script: "feed.js", body: """
        <header class="screen-header">
        <h1>\(escaping: title)</h1>
        \(controls.refreshButton)
        </header>
        <main class="screen">
        \(controls.statusArea)
        <div class="offline-notice" data-role="offline-notice" role="status" hidden><p data-role="offline-message"></p><button type="button" class="banner-action" data-action="retry">\(escaping: SharedStrings.retry.localized(in: locale))</button></div>
        <div class="feed" role="feed" aria-busy="true" aria-label="\(escaping: FeedStrings.listLabel.localized(in: locale))" data-source="\(escaping: feedURL)"></div>
        <p class="empty-state" data-role="empty" hidden>\(escaping: FeedStrings.emptyState.localized(in: locale))</p>
        <div class="load-more" data-role="load-more" hidden>
        <button type="button" class="load-more-button" data-action="load-more">\(escaping: FeedStrings.loadMore.localized(in: locale))</button>
        <p class="loading-more" data-role="loading-more" role="status" hidden><span class="spinner" aria-hidden="true"></span>\(escaping: FeedStrings.loadingMore.localized(in: locale))</p>
        <div class="load-more-error" data-role="load-more-error" hidden>
        <p data-role="load-more-message">\(escaping: FeedStrings.loadMoreError.localized(in: locale))</p>
        <button type="button" data-action="retry-load-more">\(escaping: FeedStrings.loadMoreRetry.localized(in: locale))</button>
        <button type="button" data-action="back-to-top" hidden>\(escaping: FeedStrings.backToTop.localized(in: locale))</button>
        </div>
        </div>
        <p class="feed-end" data-role="feed-end" hidden>\(escaping: FeedStrings.endOfFeed.localized(in: locale))</p>
        </main>
        """).html
    }
}
