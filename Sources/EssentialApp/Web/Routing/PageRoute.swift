import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// One request for a page of content, in the form it is asked for.
struct PageRequest: Sendable {
    enum Form: Sendable {
        /// The whole screen, with the content in its first response.
        case screen
        /// The content alone, for the screen's script to put in place (refresh, retry, paging).
        case fragment
    }

    let request: Request
    let context: AppRequestContext
    let form: Form
    let language: ReaderLanguage
    let now: Date
    let assets: WebAssetLinks

    var account: SignedInAccount? { context.signedInAccount }
}

extension RouterGroup<AppRequestContext> {
    /// A page of content at two addresses, the screen and the fragment its script reloads,
    /// both rendered by `render` from one load. The work is cancelled when the browser gives
    /// up on the request, all the way to the API request; the answer's status says whether
    /// the content came, was not there, or could not be loaded.
    func addPage(
        screen screenPath: String, fragment fragmentPath: String,
        assets: WebAssetLinks, currentDate: @escaping @Sendable () -> Date,
        render: @escaping @Sendable (PageRequest) async throws -> RenderedFragment
    ) {
        for (path, form) in [(screenPath, PageRequest.Form.screen), (fragmentPath, .fragment)] {
            get(RouterPath(path)) { request, context -> Response in
                let page = PageRequest(
                    request: request, context: context, form: form, language: request.readerLanguage, now: currentDate(), assets: assets)
                return try await OfflineKeeping.marking {
                    let rendered = try await cancellingWhenClientGoes { try await render(page) }
                    return Response.html(rendered.html, status: rendered.status)
                }
            }
        }
    }
}
