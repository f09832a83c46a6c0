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

    /// The labels every article repeats, looked up once per page.
    private struct Labels {
        let showComments: String
        let imageRetry: String
    }

    private func render(_ page: FeedPageViewModel) -> String {
        let setSize = page.nextPageURL == nil ? page.firstPosition - 1 + page.items.count : -1
        let nextPage = page.nextPageURL.map { " data-next-page=\"\($0.htmlEscaped)\"" } ?? " data-end"
        let offlineNotice = page.offlineNotice.map { " data-offline-notice=\"\($0.htmlEscaped)\"" } ?? ""
        let labels = Labels(
            showComments: FeedStrings.showComments.localized(in: locale).htmlEscaped,
            imageRetry: FeedStrings.imageRetry.localized(in: locale).htmlEscaped
        )
        var html = "<div data-fragment=\"feed-page\"\(nextPage)\(offlineNotice)>\n"
        for (offset, item) in page.items.enumerated() {
            html += article(for: item, position: page.firstPosition + offset, setSize: setSize, labels: labels)
        }
        html += "</div>\n"
        return html
    }

    private func article(for item: FeedItemViewModel, position: Int, setSize: Int, labels: Labels) -> String {
        var html = """
        <article class="feed-item" tabindex="0" aria-posinset="\(position)" aria-setsize="\(setSize)" data-image-id="\(escaping: item.id.uuidString)">

        """
        if let location = item.image.location {
            html += "<p class=\"feed-image-location\">\(escaping: location)</p>\n"
        }
        html += """
        <div class="feed-image-container is-loading">
        <a class="feed-image-link" href="\(escaping: item.commentsURL)" title="\(labels.showComments)"><img class="feed-image" data-src="\(escaping: item.imageURL)" alt="\(escaping: FeedImagePresenter.alternativeText(for: item.image, in: locale))"></a>
        <button type="button" class="feed-image-retry" data-action="retry-image" aria-label="\(labels.imageRetry)" hidden><span aria-hidden="true">↻</span></button>
        </div>

        """
        if let description = item.image.description {
            html += "<p class=\"feed-image-description\">\(escaping: description)</p>\n"
        }
        html += "</article>\n"
        return html
    }
}
