import EssentialFeed
import EssentialFeedWebUI
import Foundation

enum FeedUIComposer {
    static func feedScreen(locale: Locale, language: String) -> String {
        FeedScreen(locale: locale, language: language, feedURL: AppPaths.feedFragment(after: nil)).html
    }

    /// A page of the feed: the first page, or the page after `lastImageID` when the screen
    /// asks for more, numbered after the `shown` items the screen has.
    static func feedFragment(
        after lastImageID: UUID?,
        shown: Int,
        locale: Locale,
        currentDate: Date,
        loader: () async throws -> FeedService.FeedPage
    ) async throws -> RenderedFragment {
        let view = FeedFragmentView(locale: locale)
        let presenter = LoadResourcePresenter<FeedService.FeedPage, FeedFragmentView>(
            resourceView: view,
            loadingView: view,
            errorView: view,
            mapper: { FeedViewAdapter.page(from: $0, shown: shown, currentDate: currentDate, locale: locale) },
            locale: locale
        )
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return RenderedFragment(html: view.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }
}

enum FeedViewAdapter {
    static func page(from page: FeedService.FeedPage, shown: Int, currentDate: Date, locale: Locale) -> FeedPageViewModel {
        let items = page.feed.items
        return FeedPageViewModel(
            items: items.map { image in
                FeedItemViewModel(
                    id: image.id,
                    image: FeedImagePresenter.map(image),
                    imageURL: AppPaths.feedImage(image.id),
                    commentsURL: AppPaths.commentsScreen(image.id)
                )
            },
            firstPosition: shown + 1,
            nextPageURL: page.feed.loadMore == nil ? nil : items.last.map { AppPaths.feedFragment(after: $0.id, shown: shown + items.count) },
            offlineNotice: page.offlineCacheSavedAt.map { savedAt in
                FeedPresenter.offlineNotice(savedAt: savedAt, currentDate: currentDate, calendar: .gregorianUTC(locale: locale), locale: locale)
            }
        )
    }
}

extension Calendar {
    /// The calendar dates are told in: Gregorian, in the language's locale, in UTC, so a
    /// date reads the same whatever the server's time zone.
    static func gregorianUTC(locale: Locale) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }
}
