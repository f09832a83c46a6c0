import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Hummingbird

/// The news routes: the list and each story as screens and as the fragments their script
/// reloads, and the images the API serves for them. Work is cancelled when the browser
/// gives up on the request, all the way to the API request.
struct NewsController {
    typealias Context = AppRequestContext

    let service: NewsService
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    /// The news is the same for every reader: a list is rendered once while it stays the same.
    let rendered = RenderedNewsLists()

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.addPage(
            screen: NewsLinks.listURL, fragment: NewsLinks.listFragmentURL, assets: assets.links, currentDate: currentDate, render: newsPage)
        protected.addPage(
            screen: "/news/stories/:id", fragment: "/fragments/news/stories/:id", assets: assets.links, currentDate: currentDate,
            render: storyPage)
        protected.get("/news-images/:name", use: image)
    }

    @Sendable func newsPage(_ page: PageRequest) async throws -> RenderedFragment {
        let service = service
        switch page.form {
        case .screen:
            return try await NewsUIComposer.newsScreen(
                locale: page.language.locale, language: page.language.tag, currentDate: page.now, assets: page.assets,
                account: page.account, rendered: rendered, loader: service.loadNews)
        case .fragment:
            return try await NewsUIComposer.newsFragment(locale: page.language.locale, currentDate: page.now, loader: service.loadNews)
        }
    }

    @Sendable func storyPage(_ page: PageRequest) async throws -> RenderedFragment {
        let id = try page.context.id()
        let service = service
        switch page.form {
        case .screen:
            return try await NewsUIComposer.storyScreen(
                id: id, locale: page.language.locale, language: page.language.tag, currentDate: page.now, assets: page.assets,
                account: page.account
            ) { try await service.loadStory(withID: id) }
        case .fragment:
            return try await NewsUIComposer.storyFragment(locale: page.language.locale, currentDate: page.now) {
                try await service.loadStory(withID: id)
            }
        }
    }

    /// Named by their content, so a browser keeps them for good.
    @Sendable func image(_ request: Request, context: Context) async throws -> Response {
        let name = context.parameters.get("name") ?? ""
        let service = service
        return try await imageResponse(
            cacheControl: "private, max-age=31536000, immutable", isUnknown: { $0 as? NewsService.Error == .unknownImage }
        ) {
            try await service.loadImageData(named: name)
        }
    }
}
