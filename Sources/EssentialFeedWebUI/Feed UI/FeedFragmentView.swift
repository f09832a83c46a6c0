import EssentialFeed
import Foundation

/// Renders one load of a feed page as an HTML fragment the feed screen inserts:
/// the page's articles and the address of the next page, or the error message.
///
/// One view serves one request.
public final class FeedFragmentView: ResourceFragmentView<FeedPageViewModel> {
    private let locale: Locale
    private let rendered: RenderedFeedPages?

    /// `rendered` keeps the pages' articles for the next reader of the same page.
    public init(locale: Locale, rendered: RenderedFeedPages? = nil) {
        self.locale = locale
        self.rendered = rendered
    }

    public var html: String {
        if let error {
            return ErrorFragment(error: error).html.rendered
        }
        guard let page = loaded else { return "" }
        return render(page).rendered
    }

    private func render(_ page: FeedPageViewModel) -> HTML {
        let nextPage: HTML = page.nextPageURL.map { " data-next-page=\"\($0)\"" } ?? " data-end"
        let offlineNotice = page.offlineNotice.map { notice -> HTML in " data-offline-notice=\"\(notice)\"" }
        return "<div data-fragment=\"feed-page\"\(nextPage)\(offlineNotice)>\n\(FeedArticles(locale: locale, rendered: rendered).html(for: page))</div>\n"
    }

    /// What the load gave, for a screen that renders it in its first response.
    public var loadedPage: FeedPageViewModel? { loadedViewModel }
    public var loadError: ResourceErrorViewModel? { error }
}
