import EssentialFeedWebUI
import Foundation
import Hummingbird

/// The screens' styles, scripts and icon. Public: the log-in screen uses them too.
struct AssetsController {
    typealias Context = AppRequestContext

    let assets: WebAssets

    func addRoutes(to router: Router<Context>) {
        router.get("/assets/:name", use: asset)
        router.get("/favicon.ico", use: favicon)
    }

    @Sendable func asset(_ request: Request, context: Context) throws -> Response {
        try Self.response(for: context.parameters.get("name").flatMap(assets.asset(named:)))
    }

    /// Browsers and tools that ignore the pages' icon link still ask for this path.
    @Sendable func favicon(_ request: Request, context: Context) throws -> Response {
        try Self.response(for: assets.asset(named: "icon.svg"))
    }

    /// A fingerprinted name always has the same content: browsers keep it for a year without
    /// asking again. A plain name may change with the next version.
    private static func response(for asset: WebAssets.Asset?) throws -> Response {
        guard let asset else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = asset.isFingerprinted ? "public, max-age=31536000, immutable" : "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.data)))
    }
}
