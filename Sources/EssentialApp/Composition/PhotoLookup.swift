import EssentialFeed
import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A photo and its image bytes, wherever the app knows the photo from: the cached feed, or
/// on its own (the banner's random photo, one opened by its id). Image bytes are read cache
/// first; a photo on its own screen remote first, the cache standing in.
package struct PhotoLookup: Sendable {
    enum Error: Swift.Error, Equatable {
        /// The image is not in any feed the app has, so the app has no address for it.
        case unknownImage
    }

    let httpClient: any HTTPClient
    let baseURL: URL
    let pages: FeedPages
    let localImageLoader: LocalFeedImageDataLoader
    let logger: Logger
    private let loads: LoadingStrategies
    private let imageData = SharedLoads<ImageDataKey, Data>()
    /// Per reader: a followers-only photo is loaded with its reader's token, and shown to them alone.
    private let photos = SharedLoads<ReaderKey, Loaded<FeedImage>>()
    /// Photos the app knows from outside the cached feed, so their images can be served too.
    private let photosSeenOnTheirOwn = RecentPhotos(capacity: 1_000)
    private let permissions: PhotoPermissions

    init(
        httpClient: any HTTPClient, baseURL: URL, pages: FeedPages, localImageLoader: LocalFeedImageDataLoader, logger: Logger,
        currentDate: @escaping @Sendable () -> Date = Date.init
    ) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.pages = pages
        self.localImageLoader = localImageLoader
        self.logger = logger
        loads = LoadingStrategies(logger: logger)
        permissions = PhotoPermissions(currentDate: currentDate)
    }

    private var localFeedLoader: LocalFeedLoader {
        pages.localFeedLoader
    }

    /// The reader of `token` changed whom they follow or mute: the API is asked afresh which
    /// photos they may see.
    func readerRelationsChanged(token: String) {
        permissions.forget(reader: token)
    }

    /// Someone blocked or unblocked someone: what each may see of the other changed, so the API
    /// is asked afresh for everyone.
    func blocksChanged() {
        permissions.forgetAll()
    }

    /// A photo met outside the cached feed: its image can be served from now on.
    func remember(_ photo: FeedImage) {
        photosSeenOnTheirOwn.insert(photo)
    }

    /// Its owner changed the photo (who may see it, too): the API is asked afresh who may.
    func changed(_ photo: FeedImage) {
        permissions.forget(photo: photo.id)
        remember(photo)
    }

    /// Forgets a photo the API deleted: its cached item and its bytes in every size, so the
    /// app serves it to nobody again. The deletion happened; a cache that cannot be changed
    /// is logged, and the photo then goes when the cache lets it go.
    func forget(_ imageID: UUID) async {
        permissions.forget(photo: imageID)
        let seen = photosSeenOnTheirOwn.remove(imageID)
        do {
            let cached = try await localFeedLoader.forgetImage(withID: imageID)
            let urls = Set([cached, seen].compactMap { $0 }.flatMap { [$0.url] + Array(($0.photo?.urls ?? [:]).values) })
            for url in urls {
                try await localImageLoader.deleteData(for: url)
            }
        } catch {
            logger.error("Could not forget a deleted photo", metadata: ["image": "\(imageID)", "error": "\(error)"])
        }
    }

    /// The bytes of an image of the feed, in `size` when the API gave that size (else the
    /// feed's own image URL), served only to a reader (of `token`) the API shows the photo to.
    func loadImageData(for imageID: UUID, size: FeedImageSize? = nil, token: String? = nil) async throws -> Data {
        guard let known = try await localFeedLoader.cachedImage(withID: imageID) ?? photosSeenOnTheirOwn[imageID] else {
            throw Error.unknownImage
        }
        let reader = ReaderKey(imageID: imageID, token: token)
        switch try await permissions.answer(for: reader, ask: { await askAPI(whetherItShows: imageID, to: token) }) {
        case .shown: break
        case .hidden: throw Error.unknownImage
        // The API cannot be asked and never answered for this reader: the app's copy stands in
        // for a photo everyone may see, as the cached feed does offline; no other.
        case nil: guard known.visibility == .public else { throw Error.unknownImage }
        }
        return try await imageData.load(ImageDataKey(imageID: imageID, size: size)) {
            let url = size.flatMap { known.photo?.urls[$0] } ?? known.url
            return try await loads.cacheFirstData(
                "image data", metadata: ["image": "\(imageID)"],
                local: { try await localImageLoader.loadImageData(from: url) },
                remote: {
                    let (data, response) = try await httpClient.get(from: url)
                    return try FeedImageDataMapper.map(data, from: response)
                },
                save: { data in try await localImageLoader.save(data, for: url) })
        }
    }

    /// Whether the API shows the photo to the reader of `token`; `nil` when it cannot be asked
    /// (then the app's copy stands in, as the cached feed does offline).
    private func askAPI(whetherItShows imageID: UUID, to token: String?) async -> PhotoPermissions.Answer? {
        let client: any HTTPClient = token.map { AuthenticatedHTTPClient(decoratee: httpClient, token: $0) } ?? httpClient
        do {
            let (_, response) = try await client.get(from: FeedItemEndpoint.get(imageID).url(baseURL: baseURL))
            switch response.statusCode {
            case 200: return .shown
            case 401, 403, 404, 410: return .hidden
            default:
                logger.warning("The API did not say whether a photo is shown", metadata: ["image": "\(imageID)", "status": "\(response.statusCode)"])
                return nil
            }
        } catch {
            logger.warning("Could not ask the API whether a photo is shown", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return nil
        }
    }

    /// The image as the feed gave it, when the cache has it; nothing when it cannot be read.
    func cachedImage(withID imageID: UUID) async -> FeedImage? {
        do {
            return try await localFeedLoader.cachedImage(withID: imageID)
        } catch {
            logger.warning("Could not read an image from the feed cache", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return nil
        }
    }

    /// A photo on its own screen, as the reader of `token` may see it: the API's item, its
    /// counts current, when the API answers; else the cached one while the cache is valid,
    /// saying since when.
    func loadPhoto(withID imageID: UUID, token: String?) async throws -> Loaded<FeedImage> {
        try await photos.load(ReaderKey(imageID: imageID, token: token)) {
            let loaded = try await loads.remoteWithCacheFallback(
                "photo", metadata: ["image": "\(imageID)"],
                remote: {
                    let client: any HTTPClient = token.map { AuthenticatedHTTPClient(decoratee: httpClient, token: $0) } ?? httpClient
                    let (data, response) = try await client.get(from: FeedItemEndpoint.get(imageID).url(baseURL: baseURL))
                    return try FeedItemMapper.map(data, from: response)
                },
                save: { photosSeenOnTheirOwn.insert($0) },
                cached: {
                    guard let savedAt = try await localFeedLoader.loadValidCache(after: nil, limit: 0)?.savedAt,
                        let image = try await localFeedLoader.cachedImage(withID: imageID)
                    else { return nil }
                    return (image, savedAt)
                })
            return loaded
        }
    }

    /// The photos before and after a photo in feed order, as far as the app has the feed.
    package struct Neighbours: Equatable, Sendable {
        let previous: UUID?
        let next: UUID?

        package init(previous: UUID?, next: UUID?) {
            self.previous = previous
            self.next = next
        }
    }

    /// From the cached feed; after its last photo, the first of the next page (which the
    /// cache then keeps, as when the feed screen loads more).
    func neighbours(of imageID: UUID) async -> Neighbours {
        do {
            let previous = try await localFeedLoader.cachedImage(before: imageID)?.id
            guard let following = try await localFeedLoader.loadValidCache(after: imageID, limit: 1) else {
                return Neighbours(previous: previous, next: nil)
            }
            if let next = following.feed.first { return Neighbours(previous: previous, next: next.id) }
            let nextPage = try await pages.loadMore(after: imageID)
            return Neighbours(previous: previous, next: nextPage.value.items.first?.id)
        } catch {
            logger.info("Could not find a photo's neighbours", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return Neighbours(previous: nil, next: nil)
        }
    }
}

private struct ImageDataKey: Hashable, Sendable {
    let imageID: UUID
    let size: FeedImageSize?
}

/// The last photos seen outside the cached feed, by id: bounded, the oldest out first.
private final class RecentPhotos: Sendable {
    private let capacity: Int
    private let photos = Mutex<(byID: [UUID: FeedImage], order: [UUID])>(([:], []))

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(id: UUID) -> FeedImage? {
        photos.withLock { $0.byID[id] }
    }

    func remove(_ id: UUID) -> FeedImage? {
        photos.withLock { photos in
            guard let removed = photos.byID.removeValue(forKey: id) else { return nil }
            photos.order.removeAll { $0 == id }
            return removed
        }
    }

    func insert(_ photo: FeedImage) {
        photos.withLock { photos in
            if photos.byID.updateValue(photo, forKey: photo.id) == nil { photos.order.append(photo.id) }
            if photos.order.count > capacity {
                let oldest = photos.order.removeFirst()
                photos.byID[oldest] = nil
            }
        }
    }
}

/// A load of one photo (or its comments) by one reader: what a token may see is theirs alone.
struct ReaderKey: Hashable, Sendable {
    let imageID: UUID
    let token: String?
}
