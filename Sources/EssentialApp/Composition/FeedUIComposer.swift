import EssentialFeed
import EssentialFeedWebUI
import Foundation

package enum FeedUIComposer {
    /// The feed screen with the first page in it — under the photo `banner` chooses from
    /// those on it — or, for a browser paging without
    /// scripts, the page after `lastImageID` — or the error that loading it gave.
    package static func feedScreen(
        after lastImageID: UUID?,
        shown: Int,
        locale: Locale,
        language: String,
        currentDate: Date,
        assets: WebAssetLinks,
        account: SignedInAccount? = nil,
        banner: (_ shownItems: [FeedImage]) -> FeedImage? = { _ in nil },
        tab: FeedTab? = nil,
        suggestions: [User] = [],
        rendered: RenderedFeedPages? = nil,
        loader: () async throws -> FeedPages.Page
    ) async throws -> RenderedFragment {
        var shownItems: [FeedImage] = []
        let view = try await load(shown: shown, locale: locale, currentDate: currentDate, tab: tab ?? .everyone, rendered: rendered) {
            let page = try await loader()
            shownItems = page.value.items
            return page
        }
        let screen = FeedScreen(
            locale: locale,
            language: language,
            feedURL: AppPaths.feedFragment(after: nil, tab: tab ?? .everyone),
            screenURL: AppPaths.feedScreen(after: lastImageID, shown: shown, tab: tab ?? .everyone),
            page: view.loadedPage,
            error: view.loadError,
            assets: assets,
            account: account,
            banner: lastImageID == nil ? banner(shownItems).map(FeedViewAdapter.item) : nil,
            bannerURL: lastImageID == nil && tab != .following ? AppPaths.bannerFragment : nil,
            tab: tab,
            suggestions: suggestions,
            rendered: rendered
        )
        return RenderedFragment(html: screen.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    /// The random photo over the feed, as refresh swaps it in; empty without one.
    static func bannerFragment(_ banner: FeedImage?, locale: Locale) -> RenderedFragment {
        RenderedFragment(html: FeedBanner(photo: banner.map(FeedViewAdapter.item), locale: locale).fragment, isError: false, isNotFound: false)
    }

    /// A page of the feed: the first page, or the page after `lastImageID` when the screen
    /// asks for more, numbered after the `shown` items the screen has.
    package static func feedFragment(
        after lastImageID: UUID?,
        shown: Int,
        locale: Locale,
        currentDate: Date,
        tab: FeedTab = .everyone,
        rendered: RenderedFeedPages? = nil,
        loader: () async throws -> FeedPages.Page
    ) async throws -> RenderedFragment {
        let view = try await load(shown: shown, locale: locale, currentDate: currentDate, tab: tab, rendered: rendered, loader: loader)
        return RenderedFragment(html: view.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    private static func load(
        shown: Int,
        locale: Locale,
        currentDate: Date,
        tab: FeedTab,
        rendered: RenderedFeedPages?,
        loader: () async throws -> FeedPages.Page
    ) async throws -> FeedFragmentView {
        let view = FeedFragmentView(locale: locale, rendered: rendered)
        let presenter = LoadResourcePresenter<FeedPages.Page, FeedFragmentView>(
            resourceView: view,
            loadingView: view,
            errorView: view,
            mapper: { FeedViewAdapter.page(from: $0, shown: shown, currentDate: currentDate, locale: locale, tab: tab) },
            locale: locale
        )
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return view
    }
}

enum FeedViewAdapter {
    static func page(from page: FeedPages.Page, shown: Int, currentDate: Date, locale: Locale, tab: FeedTab = .everyone) -> FeedPageViewModel {
        let items = page.value.items
        let cursor = page.value.loadMore == nil ? nil : items.last?.id ?? page.resumesAfter
        return FeedPageViewModel(
            items: items.map(item),
            firstPosition: shown + 1,
            nextPageURL: cursor.map { AppPaths.feedFragment(after: $0, shown: shown + items.count, tab: tab) },
            offlineNotice: page.offlineCacheSavedAt.map { savedAt in
                FeedPresenter.offlineNotice(savedAt: savedAt, currentDate: currentDate, calendar: .gregorianUTC(locale: locale), locale: locale)
            },
            nextScreenURL: cursor.map { AppPaths.feedScreen(after: $0, shown: shown + items.count, tab: tab) }
        )
    }

    static func item(_ image: FeedImage) -> FeedItemViewModel {
        FeedItemViewModel(
            id: image.id,
            image: FeedImagePresenter.map(image),
            imageURL: AppPaths.feedImage(image.id),
            commentsURL: AppPaths.commentsScreen(image.id),
            placeholder: ImagePlaceholder(image.photo),
            photoURL: AppPaths.photoScreen(image.id),
            renditions: image.photo.map { renditions(of: $0, imageID: image.id, sizes: feedSizes) }
        )
    }

    /// The feed never shows `full`: a column at most 36 rem wide is sharp with `regular` on
    /// any screen up to 3×.
    static let feedSizes: [FeedImageSize] = [.thumb, .small, .regular]

    static func renditions(of photo: FeedPhoto, imageID: UUID, sizes: [FeedImageSize]) -> PhotoRenditions {
        PhotoRenditions(
            width: photo.width, height: photo.height,
            candidates: sizes.filter { photo.urls[$0] != nil }.map { size in
                PhotoRenditions.Candidate(url: AppPaths.feedImage(imageID, size: size), width: photo.width(in: size))
            })
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
