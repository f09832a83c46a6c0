import EssentialFeed
import EssentialFeedWebUI
import Foundation

package enum NewsUIComposer {
    /// The app's address of every image the API serves; other addresses get the placeholder.
    static let links = NewsLinks { url in NewsImageName.name(in: url).map(AppPaths.newsImage) }

    package static func newsScreen(
        locale: Locale, language: String, currentDate: Date, assets: WebAssetLinks, account: SignedInAccount?,
        rendered: RenderedNewsLists? = nil,
        loader: () async throws -> Loaded<NewsList>
    ) async throws -> RenderedFragment {
        let view = try await loadList(locale: locale, currentDate: currentDate, loader: loader)
        let screen = NewsScreen(
            locale: locale, language: language, page: view.loadedViewModel, error: view.error, links: links, assets: assets, account: account,
            rendered: rendered)
        return RenderedFragment(html: screen.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    static func newsFragment(
        locale: Locale, currentDate: Date, loader: () async throws -> Loaded<NewsList>
    ) async throws -> RenderedFragment {
        let view = try await loadList(locale: locale, currentDate: currentDate, loader: loader)
        let fragment = NewsFragment(page: view.loadedViewModel, error: view.error, links: links, locale: locale)
        return RenderedFragment(html: fragment.rendered, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    static func storyScreen(
        id: UUID, locale: Locale, language: String, currentDate: Date, assets: WebAssetLinks, account: SignedInAccount?,
        loader: () async throws -> Loaded<NewsStory>
    ) async throws -> RenderedFragment {
        let view = try await loadStory(locale: locale, currentDate: currentDate, loader: loader)
        let screen = NewsStoryScreen(
            locale: locale, language: language, storyID: id, page: view.loadedViewModel, error: view.error, links: links,
            assets: assets, account: account)
        return RenderedFragment(html: screen.html, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    static func storyFragment(
        locale: Locale, currentDate: Date, loader: () async throws -> Loaded<NewsStory>
    ) async throws -> RenderedFragment {
        let view = try await loadStory(locale: locale, currentDate: currentDate, loader: loader)
        let fragment = NewsFragment(page: view.loadedViewModel, error: view.error, links: links)
        return RenderedFragment(html: fragment.rendered, isError: view.isShowingError, isNotFound: view.isShowingNotFound)
    }

    private static func loadList(
        locale: Locale, currentDate: Date, loader: () async throws -> Loaded<NewsList>
    ) async throws -> ResourceFragmentView<NewsPageViewModel> {
        let calendar = Calendar.gregorianUTC(locale: locale)
        return try await load(locale: locale, loader: loader) { loaded in
            NewsPageViewModel(
                news: NewsPresenter.map(loaded.value, currentDate: currentDate, calendar: calendar, locale: locale),
                offlineNotice: loaded.offlineCacheSavedAt.map {
                    NewsPresenter.offlineNotice(savedAt: $0, currentDate: currentDate, calendar: calendar, locale: locale)
                })
        }
    }

    private static func loadStory(
        locale: Locale, currentDate: Date, loader: () async throws -> Loaded<NewsStory>
    ) async throws -> ResourceFragmentView<NewsStoryPageViewModel> {
        let calendar = Calendar.gregorianUTC(locale: locale)
        return try await load(locale: locale, loader: loader) { loaded in
            NewsStoryPageViewModel(
                story: NewsPresenter.map(loaded.value, currentDate: currentDate, calendar: calendar, locale: locale),
                offlineNotice: loaded.offlineCacheSavedAt.map {
                    NewsPresenter.storyOfflineNotice(savedAt: $0, currentDate: currentDate, calendar: calendar, locale: locale)
                })
        }
    }

    private static func load<Resource, ViewModel>(
        locale: Locale, loader: () async throws -> Resource, mapper: @escaping (Resource) -> ViewModel
    ) async throws -> ResourceFragmentView<ViewModel> {
        let view = ResourceFragmentView<ViewModel>()
        let presenter = LoadResourcePresenter<Resource, ResourceFragmentView<ViewModel>>(
            resourceView: view, loadingView: view, errorView: view, mapper: mapper, locale: locale)
        try await LoadResourcePresentationAdapter.load(loader, presenter: presenter)
        return view
    }
}
