import EssentialFeed
import EssentialFeedWebUI
import Foundation
import HTTPServerHardening
import Hummingbird

/// The feed: its screen and the fragments its script loads (paging, refresh), and the
/// feed's images in the sizes the API has.
struct FeedController {
    typealias Context = AppRequestContext

    let pages: FeedPages
    let photos: PhotoLookup
    /// What each reader does not hear from, left out of the pages everyone shares.
    let silenced: SilencedPosts
    let banner: BannerPhotos
    let assets: WebAssets
    let currentDate: @Sendable () -> Date
    /// Everyone's feed is the same for every reader: its pages are rendered once while they stay the same.
    let rendered = RenderedFeedPages()

    func addRoutes(requiringSession protected: RouterGroup<Context>) {
        protected.addPage(screen: "/", fragment: "/fragments/feed", assets: assets.links, currentDate: currentDate, render: feedPage)
        protected.get("/feed-images/:id", use: feedImage)
        protected.get(RouterPath(AppPaths.bannerFragment), use: bannerFragment)
    }

    /// A new random photo for the top of the feed, as refresh asks for it.
    @Sendable func bannerFragment(_ request: Request, context: Context) async throws -> Response {
        let (banner, silenced, token) = (banner, silenced, context.session?.apiToken)
        let photo = try await cancellingWhenClientGoes { () async -> FeedImage? in
            guard let photo = await banner.refreshedPhoto() else { return nil }
            guard let token else { return photo }
            return await silenced.hidden(among: [photo], token: token).isEmpty ? photo : nil
        }
        return .html(FeedUIComposer.bannerFragment(photo, locale: request.readerLanguage.locale).html)
    }

    /// The first page, or the page after `after` (a browser paging without scripts, or the
    /// script loading more).
    @Sendable func feedPage(_ page: PageRequest) async throws -> RenderedFragment {
        let lastImageID = try Self.afterParameter(of: page.request)
        let shown = lastImageID == nil ? 0 : try Self.shownParameter(of: page.request)
        let (pages, silenced, token) = (pages, silenced, page.context.session?.apiToken)
        let load: @Sendable () async throws -> FeedPages.Page = {
            let loaded = if let lastImageID { try await pages.loadMore(after: lastImageID) } else { try await pages.loadFeed() }
            return try await silenced.leavingOut(of: loaded, for: token, loadingMore: pages.loadMore(after:))
        }
        switch page.form {
        case .screen:
            let leftOutOfBanner = if let token, lastImageID == nil { await silenced.hidden(among: banner.lastChoices, token: token) } else { Set<UUID>() }
            let banner = banner
            let screen = try await FeedUIComposer.feedScreen(
                after: lastImageID, shown: shown, locale: page.language.locale, language: page.language.tag, currentDate: page.now,
                assets: page.assets, account: page.account, banner: { banner.photoForScreen(showing: $0, leavingOut: leftOutOfBanner) }, tab: .everyone,
                rendered: rendered, loader: load)
            return screen
        case .fragment:
            return try await FeedUIComposer.feedFragment(
                after: lastImageID, shown: shown, locale: page.language.locale, currentDate: page.now, rendered: rendered, loader: load)
        }
    }

    @Sendable func feedImage(_ request: Request, context: Context) async throws -> Response {
        let imageID = try context.id()
        let size = try Self.imageSize(in: request)
        let (photos, token) = (photos, context.session?.apiToken)
        return try await imageResponse(cacheControl: "private, max-age=3600", isUnknown: { $0 as? PhotoLookup.Error == .unknownImage }) {
            try await photos.loadImageData(for: imageID, size: size, token: token)
        }
    }

    /// `?size=thumb|small|regular|full`; none means the feed's own image.
    private static func imageSize(in request: Request) throws -> FeedImageSize? {
        guard let text = request.uri.queryParameters["size"] else { return nil }
        guard let size = FeedImageSize(rawValue: String(text)) else {
            throw HTTPError(.badRequest, message: "size must be thumb, small, regular or full.")
        }
        return size
    }

    /// How many items the screen has, for numbering the next ones: at most once, digits
    /// only, bounded; absent means unknown, and the numbering starts over.
    static func shownParameter(of request: Request) throws -> Int {
        let values = request.uri.queryParameters.getAll("shown")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        guard let value = values.first else { return 0 }
        guard let shown = Int(decimalDigits: value, maxDigits: 7) else { throw HTTPError(.badRequest) }
        return shown
    }

    /// `after`, given at most once, must be an item id and nothing else.
    static func afterParameter(of request: Request) throws -> UUID? {
        let values = request.uri.queryParameters.getAll("after")
        guard values.count <= 1 else { throw HTTPError(.badRequest) }
        return try values.first.map { try UUID(parameter: $0, status: .badRequest) }
    }
}
