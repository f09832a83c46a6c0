import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// The news routes: the list and each story as screens and as the fragments their script
/// reloads, and the images the API serves for them. Work is cancelled when the browser
/// gives up on the request, all the way to the API request.
struct NewsController {
    typealias Context = AppRequestContext

    let service: NewsService
    let assets: WebAssets
    let currentDate: @Sendable () -> Date

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(NewsLinks.listURL), use: newsScreen)
        protected.get(RouterPath(NewsLinks.listFragmentURL), use: newsFragment)
        protected.get("/news/stories/:id", use: storyScreen)
        protected.get("/fragments/news/stories/:id", use: storyFragment)
        protected.get("/news-images/:name", use: image)
    }

    @Sendable func newsScreen(_ request: Request, context: Context) async throws -> Response {
        let (locale, language) = AppController.locale(of: request)
        let (service, now, links, account) = (service, currentDate(), assets.links, context.signedInAccount)
        return .screen(try await cancellingWhenClientGoes {
            try await NewsUIComposer.newsScreen(
                locale: locale, language: language, currentDate: now, assets: links, account: account, loader: service.loadNews)
        })
    }

    @Sendable func newsFragment(_ request: Request, context: Context) async throws -> Response {
        let (locale, _) = AppController.locale(of: request)
        let (service, now) = (service, currentDate())
        return .fragment(try await cancellingWhenClientGoes {
            try await NewsUIComposer.newsFragment(locale: locale, currentDate: now, loader: service.loadNews)
        })
    }

    @Sendable func storyScreen(_ request: Request, context: Context) async throws -> Response {
        let id = try AppController.uuid(from: context.parameters.get("id"), status: .notFound)
        let (locale, language) = AppController.locale(of: request)
        let (service, now, links, account) = (service, currentDate(), assets.links, context.signedInAccount)
        return .screen(try await cancellingWhenClientGoes {
            try await NewsUIComposer.storyScreen(
                id: id, locale: locale, language: language, currentDate: now, assets: links, account: account
            ) { try await service.loadStory(withID: id) }
        })
    }

    @Sendable func storyFragment(_ request: Request, context: Context) async throws -> Response {
        let id = try AppController.uuid(from: context.parameters.get("id"), status: .notFound)
        let (locale, _) = AppController.locale(of: request)
        let (service, now) = (service, currentDate())
        return .fragment(try await cancellingWhenClientGoes {
            try await NewsUIComposer.storyFragment(locale: locale, currentDate: now) { try await service.loadStory(withID: id) }
        })
    }

    /// Named by their content, so a browser keeps them for good.
    @Sendable func image(_ request: Request, context: Context) async throws -> Response {
        let name = context.parameters.get("name") ?? ""
        let service = service
        let data: Data
        do {
            data = try await cancellingWhenClientGoes { try await service.loadImageData(named: name) }
        } catch NewsService.Error.unknownImage {
            throw HTTPError(.notFound)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw HTTPError(.badGateway)
        }
        return .image(data, cacheControl: "private, max-age=31536000, immutable")
    }
}
