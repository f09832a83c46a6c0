import EssentialFeedWebUI
import Foundation
import Hummingbird

/// A form that announced more than the app takes (`413`, refused before its body is read) is
/// answered with a page saying so in the reader's language, leading back to the screen it came
/// from, rather than the bare refusal a browser without scripts would show. The connection
/// still closes, so the rest of the body is never read.
struct TooLargePageMiddleware<Context: RequestContext>: RouterMiddleware {
    let assets: WebAssetLinks

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            let language = request.readerLanguage
            let back = request.uri.path == ProfileSettingsScreen.avatarURL ? ProfileSettingsScreen.screenURL : NewPostScreen.screenURL
            let page = MessagePage.tooLarge(next: back, locale: language.locale, language: language.tag, assets: assets)
            var headers = error.headers
            headers[.contentType] = "text/html; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .contentTooLarge, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
        }
    }
}
