import EssentialFeedWebUI
import Foundation
import Hummingbird

/// The page a device shows offline in place of a screen it never kept, in the reader's
/// language; the service worker fetches it when it installs.
struct OfflineController {
    typealias Context = AppRequestContext

    let assets: WebAssets

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.get(RouterPath(NotSavedOfflinePage.url), use: page)
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        let language = request.readerLanguage
        let page = NotSavedOfflinePage(locale: language.locale, language: language.tag, assets: assets.links, account: context.signedInAccount)
        var response = Response.html(page.html)
        response.markKeptOffline()
        return response
    }
}
