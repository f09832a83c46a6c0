import EssentialFeed
import EssentialFeedWebUI
import Foundation

enum FeedUIComposer {
    static func feedScreen(locale: Locale, language: String) -> String {
        FeedScreen(locale: locale, language: language, feedURL: AppPaths.feedFragment(after: nil)).html
    }

    /// A page of the feed: the first page, or the items after `lastImageID` when the
    /// screen asks for more. Only the items the screen does not have yet are rendered.
    static func feedFragment(
        after lastImageID: UUID?,
        locale: Locale,
        loader: () async throws -> Paginated<FeedImage>
    ) async throws -> RenderedFragment {
        let view = FeedFragmentView(locale: locale)
        let presenter = LoadResourcePresenter<Paginated<FeedImage>, FeedFragmentView>(
            resourceView: view,
            loadingView: view,
            errorView: view,
            mapper: { FeedViewAdapter.page(from: $0, after: lastImageID) },
            locale: locale
        )
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return RenderedFragment(html: view.html, isError: view.isShowingError)
    }
}

enum FeedViewAdapter {
    static func page(from feed: Paginated<FeedImage>, after lastImageID: UUID?) -> FeedPageViewModel {
        let alreadyShown = lastImageID.flatMap { id in feed.items.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        let newItems = feed.items[alreadyShown...]
        return FeedPageViewModel(
            items: newItems.map { image in
                FeedItemViewModel(
                    id: image.id,
                    image: FeedImagePresenter.map(image),
                    imageURL: AppPaths.feedImage(image.id),
                    commentsURL: AppPaths.commentsScreen(image.id)
                )
            },
            firstPosition: alreadyShown + 1,
            nextPageURL: feed.loadMore == nil ? nil : feed.items.last.map { AppPaths.feedFragment(after: $0.id) }
        )
    }
}
