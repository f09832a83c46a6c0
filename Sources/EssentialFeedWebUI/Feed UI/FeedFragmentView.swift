import EssentialFeed
import Foundation

/// Renders one load of a feed page as an HTML fragment the feed screen inserts:
/// the page's articles and the address of the next page, or the error message.
///
/// One view serves one request.
public final class FeedFragmentView: ResourceView, ResourceLoadingView, ResourceErrorView {
    public typealias ResourceViewModel = FeedPageViewModel

    private let locale: Locale
    private var page: FeedPageViewModel?
    private var error: ResourceErrorViewModel?

    public init(locale: Locale) {
        self.locale = locale
    }

    public func display(_ viewModel: FeedPageViewModel) {
        page = viewModel
    }

    public func display(_ viewModel: ResourceLoadingViewModel) {}

    public func display(_ viewModel: ResourceErrorViewModel) {
        error = viewModel.message == nil ? nil : viewModel
    }

    public var isShowingError: Bool {
        error != nil
    }

    /// The server said the content does not exist.
    public var isShowingNotFound: Bool {
        error?.isNotFound == true
    }

    public var html: String {
        if let error {
            return ErrorFragment(error: error).html
        }
        guard let page else { return "" }
        return render(page)
    }

    private func render(_ page: FeedPageViewModel) -> String {
        let nextPage = page.nextPageURL.map { " data-next-page=\"\($0.htmlEscaped)\"" } ?? " data-end"
        let offlineNotice = page.offlineNotice.map { " data-offline-notice=\"\($0.htmlEscaped)\"" } ?? ""
        return "<div data-fragment=\"feed-page\"\(nextPage)\(offlineNotice)>\n" + FeedArticles(locale: locale).html(for: page) + "</div>\n"
    }

    /// What the load gave, for a screen that renders it in its first response.
    public var loadedPage: FeedPageViewModel? { error == nil ? page : nil }
    public var loadError: ResourceErrorViewModel? { error }
}
