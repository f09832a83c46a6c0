import EssentialFeedWebUI
import Foundation
import HTTPTypes
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
        let name = context.parameters.get("name") ?? ""
        return try Self.response(for: assets.asset(named: name), name: name)
    }

    /// Browsers and tools that ignore the pages' icon link still ask for this path.
    @Sendable func favicon(_ request: Request, context: Context) throws -> Response {
        try Self.response(for: assets.asset(named: "icon.svg"), name: "icon.svg")
    }

    /// A fingerprinted name always has the same content: browsers keep it for a year without
    /// asking again. A plain name may change with the next version.
    private static let serviceWorkerAllowed = HTTPField.Name("Service-Worker-Allowed")!

    private static func response(for asset: WebAssets.Asset?, name: String) throws -> Response {
        guard let asset else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = asset.isFingerprinted ? "public, max-age=31536000, immutable" : "no-cache"
        if name.hasPrefix("service-worker.") {
            // Served with the other assets, it looks after every screen of the app.
            headers[serviceWorkerAllowed] = "/"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.data)))
    }
}
