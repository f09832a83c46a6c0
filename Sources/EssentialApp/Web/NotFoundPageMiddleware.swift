import EssentialFeedWebUI
import Foundation
import Hummingbird

/// Any `404` the routes raise — an unknown address, a malformed id — is answered with the
/// app's own page in the reader's language, with a way to the feed, rather than an empty
/// body the browser would replace with its own error page.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let assets: WebAssetLinks

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let language = request.readerLanguage
            let account = (context as? AppRequestContext)?.signedInAccount
            let page = MessagePage.notFound(locale: language.locale, language: language.tag, assets: assets, account: account)
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = "private, no-cache"
            return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
        }
    }
}
