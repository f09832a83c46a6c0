import EssentialFeedWebUI
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses (`403`) a `POST` another site made the browser send: `Sec-Fetch-Site` other than
/// `same-origin` (or `none`, a person's own action), or without it an `Origin` that is not
/// the app's. A request with neither (not a browser, or a very old one) still needs the
/// form's CSRF token.
struct CrossSiteRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    let assets: WebAssetLinks
    /// The app's origin (`https://feed.example`) when it is known; otherwise the request's `Host`.
    let publicOrigin: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post, !isSameOrigin(request) else { return try await next(request, context) }
        return .refused(request, assets: assets)
    }

    private func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite] {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        if let publicOrigin { return origin == publicOrigin }
        guard let host = request.head.authority else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}

extension HTTPField.Name {
    // A valid field-name token, so the initializer cannot return nil.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}

extension Response {
    /// The page that says a form was refused, in the reader's language.
    static func refused(_ request: Request, assets: WebAssetLinks) -> Response {
        let language = request.readerLanguage
        let page = MessagePage.requestRefused(locale: language.locale, language: language.tag, assets: assets)
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .forbidden, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
    }
}
