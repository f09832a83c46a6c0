import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// The app's routes: screens, the fragments their scripts load, image data and assets.
/// Fragment and image work is cancelled when the browser gives up on the request, all the
/// way to the API request, and the connection stays open for the browser's next request.
struct AppController {
    typealias Context = AppRequestContext

    let service: FeedService
    let assets: WebAssets
    let currentDate: @Sendable () -> Date

    /// Assets are public (the log-in screen uses them); everything else needs a session.
    func addRoutes(to router: Router<Context>, requiringSession protected: RouterGroup<Context>) {
        protected.get("/", use: feedScreen)
        protected.get("/fragments/feed", use: feedFragment)
        protected.get("/feed-images/:id", use: feedImage)
        protected.get("/images/:id/comments", use: commentsScreen)
        protected.get("/fragments/images/:id/comments", use: commentsFragment)
        router.get("/assets/:name", use: asset)
        router.get("/favicon.ico", use: favicon)
    }

    /// The screen with its first page, or with the page after `after` for a browser paging
    /// without scripts.
    @Sendable func feedScreen(_ request: Request, context: Context) async throws -> Response {
        let (locale, language) = Self.locale(of: request)
        let lastImageID = try Self.afterParameter(of: request)
        let shown = lastImageID == nil ? 0 : try Self.shownParameter(of: request)
        let service = service
        let now = currentDate()
        let links = assets.links
        let account = context.signedInAccount
        let screen = try await cancellingWhenClientGoes {
            try await FeedUIComposer.feedScreen(
                after: lastImageID, shown: shown, locale: locale, language: language, currentDate: now, assets: links, account: account
            ) {
                if let lastImageID {
                    try await service.loadMore(after: lastImageID)
                } else {
                    try await service.loadFeed()
                }
            }
        }
        return .screen(screen)
    }

    @Sendable func feedFragment(_ request: Request, context: Context) async throws -> Response {
        let (locale, _) = Self.locale(of: request)
        let lastImageID = try Self.afterParameter(of: request)
        let shown = lastImageID == nil ? 0 : try Self.shownParameter(of: request)
        let service = service
        let now = currentDate()
        let fragment = try await cancellingWhenClientGoes {
            try await FeedUIComposer.feedFragment(after: lastImageID, shown: shown, locale: locale, currentDate: now) {
                if let lastImageID {
                    try await service.loadMore(after: lastImageID)
                } else {
                    try await service.loadFeed()
                }
            }
        }
        return .fragment(fragment)
    }

    @Sendable func feedImage(_ request: Request, context: Context) async throws -> Response {
        let imageID = try Self.uuid(from: context.parameters.get("id"), status: .notFound)
        let size = try Self.imageSize(in: request)
        let service = service
        let data: Data
        do {
            data = try await cancellingWhenClientGoes {
                try await service.loadImageData(for: imageID, size: size)
            }
        } catch FeedService.Error.unknownImage {
            throw HTTPError(.notFound)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw HTTPError(.badGateway)
        }
        return .image(data, cacheControl: "private, max-age=3600")
    }

    /// `?size=thumb|small|regular|full`; none means the feed's own image.
    private static func imageSize(in request: Request) throws -> FeedImageSize? {
        guard let text = request.uri.queryParameters["size"] else { return nil }
        guard let size = FeedImageSize(rawValue: String(text)) else {
            throw HTTPError(.badRequest, message: "size must be thumb, small, regular or full.")
        }
        return size
    }

    @Sendable func commentsScreen(_ request: Request, context: Context) async throws -> Response {
        let imageID = try Self.uuid(from: context.parameters.get("id"), status: .notFound)
        let (locale, language) = Self.locale(of: request)
        let service = service
        let now = currentDate()
        let links = assets.links
        let account = context.signedInAccount
        let screen = try await cancellingWhenClientGoes {
            let image = await service.cachedImage(withID: imageID)
            return try await ImageCommentsUIComposer.commentsScreen(
                for: imageID, image: image, locale: locale, language: language, currentDate: now, assets: links, account: account
            ) {
                try await service.loadComments(for: imageID)
            }
        }
        return .screen(screen)
    }

    @Sendable func commentsFragment(_ request: Request, context: Context) async throws -> Response {
        let imageID = try Self.uuid(from: context.parameters.get("id"), status: .notFound)
        let (locale, _) = Self.locale(of: request)
        let service = service
        let now = currentDate()
        let fragment = try await cancellingWhenClientGoes {
            try await ImageCommentsUIComposer.commentsFragment(locale: locale, currentDate: now) {
                try await service.loadComments(for: imageID)
            }
        }
        return .fragment(fragment)
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

    static func locale(of request: Request) -> (Locale, String) {
        let language = LanguageNegotiation.language(forAcceptLanguage: request.headers[.acceptLanguage])
        return (Locale(identifier: language), language)
    }

    static func uuid(from text: String?, status: HTTPResponse.Status) throws -> UUID {
        guard let text, let id = UUID(exactly: text) else { throw HTTPError(status) }
        return id
    }

    /// How many items the screen has, for numbering the next ones: at most once, digits
    /// only, bounded; absent means unknown, and the numbering starts over.
    private static func shownParameter(of request: Request) throws -> Int {
        let values = request.uri.queryParameters.getAll("shown")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        guard let value = values.first else { return 0 }
        guard let shown = Int(decimalDigits: value, maxDigits: 7) else { throw HTTPError(.badRequest) }
        return shown
    }

    /// `after`, given at most once, must be an item id and nothing else.
    private static func afterParameter(of request: Request) throws -> UUID? {
        let values = request.uri.queryParameters.getAll("after")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        return try values.first.map { try uuid(from: $0, status: .badRequest) }
    }
}

extension AppRequestContext {
    var signedInAccount: SignedInAccount? {
        session.map { SignedInAccount(user: $0.user, csrfToken: $0.csrfToken) }
    }
}

extension Response {
    /// Screens and fragments are revalidated before reuse, never shared by caches (they are
    /// in the reader's language); `no-store` would also keep screens out of the browser's
    /// back-forward cache, which returns a reader to the place they left.
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "private, no-cache"
        headers[.vary] = "Accept-Language"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Image bytes, typed by their content.
    static func image(_ data: Data, cacheControl: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = ImageContentType.of(data)
        headers[.cacheControl] = cacheControl
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A fragment that carries an error message says so with its status, so scripts and
    /// proxies can tell it from content.
    static func fragment(_ fragment: RenderedFragment) -> Response {
        .html(fragment.html, status: fragment.status)
    }

    /// A screen that could not load its content is still a whole page, with the error in it;
    /// its status says what happened.
    static func screen(_ screen: RenderedFragment) -> Response {
        .html(screen.html, status: screen.status)
    }
}

extension RenderedFragment {
    var status: HTTPResponse.Status {
        isNotFound ? .notFound : isError ? .badGateway : .ok
    }
}
