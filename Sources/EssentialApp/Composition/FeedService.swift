import EssentialFeed
import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything the screens load, composed from the remote API and the local cache with the
/// shared `LoadingStrategies`: the feed remote first with the cache as fallback, image data
/// cache first, comments remote only.
///
/// Concurrent loads of the same thing share one run (`SharedLoads`): one API request and
/// one cache write, however many tabs ask at once. A load asked for after one finished
/// starts afresh, so comments are still loaded remotely every time they are asked for.
package struct FeedService: Sendable {
    enum Error: Swift.Error, Equatable {
        /// The image is not in any feed the app has, so the app has no address for it.
        case unknownImage
    }

    /// A page of the feed as a screen shows it.
    package typealias FeedPage = Loaded<Paginated<FeedImage>>

    let httpClient: any HTTPClient
    let baseURL: URL
    let localFeedLoader: LocalFeedLoader
    let localImageLoader: LocalFeedImageDataLoader
    let logger: Logger
    private let loads: LoadingStrategies
    /// Keyed by the feed's revision: a first page asked for after a post never joins a load
    /// that began before it, so the person who posted sees their post.
    let firstPages = SharedLoads<UInt64, FeedPage>()
    private let revisions = FeedRevisions()
    let nextPages = SharedLoads<UUID, FeedPage>()
    private let imageData = SharedLoads<ImageDataKey, Data>()
    let comments = SharedLoads<UUID, [ImageComment]>()
    private let photos = SharedLoads<UUID, Loaded<FeedImage>>()
    /// Photos the app knows from outside the cached feed (the random one, one opened by its
    /// id), so their images can be served too.
    private let photosSeenOnTheirOwn = RecentPhotos(capacity: 1_000)

    init(httpClient: any HTTPClient, baseURL: URL, localFeedLoader: LocalFeedLoader, localImageLoader: LocalFeedImageDataLoader, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.localFeedLoader = localFeedLoader
        self.localImageLoader = localImageLoader
        self.logger = logger
        loads = LoadingStrategies(logger: logger)
    }

    /// Remote first, asking the API whether the page the cache starts with changed: when
    /// it did not (`304`), the cached page is shown and the cache only counts as saved now.
    /// When the API cannot be reached, the cached first page, saying since when.
    func loadFeed() async throws -> FeedPage {
        try await firstPages.load(feedRevision) {
            let cache = await validCacheIgnoringFailure(after: nil)
            let loaded = try await loads.remoteWithCacheFallback(
                "feed",
                remote: { try await remoteFirstPage(revalidating: cache) },
                save: { page in
                    switch page {
                    case let .changed(feed, entityTag): try await localFeedLoader.save(feed, entityTag: entityTag)
                    case .unchanged: try await localFeedLoader.renewCache()
                    }
                },
                cached: { Self.fallback(from: cache) { FirstPage.unchanged($0) } })
            return FeedPage(value: makePage(loaded.value.feed), offlineCacheSavedAt: loaded.offlineCacheSavedAt)
        }
    }

    var feedRevision: UInt64 {
        revisions.current
    }

    /// Something was posted: first pages asked for from now on load afresh.
    func feedChanged() {
        revisions.advance()
    }

    /// The page after the image a screen shows last, from the API when it answers, so a
    /// tab keeps scrolling whatever another tab did to the cache; the page continues the
    /// cached feed when the cache ends with that image. From the cache when the API cannot
    /// be reached.
    func loadMore(after imageID: UUID) async throws -> FeedPage {
        try await nextPages.load(imageID) {
            let loaded = try await loads.remoteWithCacheFallback(
                "next page",
                remote: {
                    let (data, response) = try await httpClient.get(from: FeedEndpoint.url(baseURL: baseURL, afterImageWithID: imageID))
                    return try FeedItemsMapper.map(data, from: response)
                },
                save: { page in
                    if !page.isEmpty { _ = try await localFeedLoader.append(page, after: imageID) }
                },
                cached: { Self.fallback(from: await validCacheIgnoringFailure(after: imageID)) { $0 } })
            return FeedPage(value: makePage(loaded.value), offlineCacheSavedAt: loaded.offlineCacheSavedAt)
        }
    }

    /// The bytes of an image of the feed, in `size` when the API gave that size (else the
    /// feed's own image URL).
    func loadImageData(for imageID: UUID, size: FeedImageSize? = nil) async throws -> Data {
        try await imageData.load(ImageDataKey(imageID: imageID, size: size)) {
            guard let cached = try await localFeedLoader.cachedImage(withID: imageID) ?? photosSeenOnTheirOwn[imageID] else {
                throw Error.unknownImage
            }
            let url = size.flatMap { cached.photo?.urls[$0] } ?? cached.url
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

    /// The image as the feed gave it, when the cache has it; nothing when it cannot be read.
    func cachedImage(withID imageID: UUID) async -> FeedImage? {
        do {
            return try await localFeedLoader.cachedImage(withID: imageID)
        } catch {
            logger.warning("Could not read an image from the feed cache", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return nil
        }
    }

    /// A photo on its own screen: the API's item, its counts current, when the API answers;
    /// else the cached one while the cache is valid, saying since when.
    func loadPhoto(withID imageID: UUID) async throws -> Loaded<FeedImage> {
        try await photos.load(imageID) {
            let loaded = try await loads.remoteWithCacheFallback(
                "photo", metadata: ["image": "\(imageID)"],
                remote: {
                    let (data, response) = try await httpClient.get(from: FeedItemEndpoint.get(imageID).url(baseURL: baseURL))
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

    /// A photo the API picks at random, for the feed's banner; nothing when the API does not
    /// give one, as the feed shows well without it.
    func loadRandomPhoto() async -> FeedImage? {
        do {
            let photo = try await loads.remoteOnly("random photo") {
                let (data, response) = try await httpClient.get(from: FeedItemEndpoint.random.url(baseURL: baseURL))
                return try FeedItemMapper.map(data, from: response)
            }
            photosSeenOnTheirOwn.insert(photo)
            return photo
        } catch {
            return nil
        }
    }

    /// The photos of the cached feed's first page, read without the API; none when the cache
    /// is empty, too old or cannot be read.
    func cachedPhotos() async -> [FeedImage] {
        await validCacheIgnoringFailure(after: nil)?.feed ?? []
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
            let nextPage = try await loadMore(after: imageID)
            return Neighbours(previous: previous, next: nextPage.value.items.first?.id)
        } catch {
            logger.info("Could not find a photo's neighbours", metadata: ["image": "\(imageID)", "error": "\(error)"])
            return Neighbours(previous: nil, next: nil)
        }
    }

    func loadComments(for imageID: UUID) async throws -> [ImageComment] {
        try await comments.load(imageID) {
            try await loads.remoteOnly("comments", metadata: ["image": "\(imageID)"]) {
                let (data, response) = try await httpClient.get(from: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
                return try ImageCommentsMapper.map(data, from: response)
            }
        }
    }

    func validateCache() async {
        do {
            try await localFeedLoader.validateCache()
        } catch {
            logger.error("Could not validate the feed cache", metadata: ["error": "\(error)"])
        }
    }

    /// The first page as the API answered a request that named the cache's first page.
    private enum FirstPage: Sendable {
        case changed([FeedImage], entityTag: String?)
        case unchanged([FeedImage])

        var feed: [FeedImage] {
            switch self {
            case let .changed(feed, _), let .unchanged(feed): feed
            }
        }
    }

    private func remoteFirstPage(revalidating cache: LocalFeedLoader.ValidCache?) async throws -> FirstPage {
        let conditions = cache?.entityTag.map { ["If-None-Match": $0] } ?? [:]
        let (data, response) = try await httpClient.get(from: FeedEndpoint.url(baseURL: baseURL, afterImageWithID: nil), headers: conditions)
        do {
            return .changed(try FeedItemsMapper.map(data, from: response), entityTag: response.value(forHTTPHeaderField: "ETag"))
        } catch is ResourceNotModifiedError {
            guard let cache else { throw FeedItemsMapper.Error.invalidData }
            return .unchanged(cache.feed)
        }
    }

    /// The cached items that may stand in for the API's: none when the cache has no items,
    /// since an empty cached page cannot tell the end of the feed from the end of the cache.
    private static func fallback<Value>(
        from cache: LocalFeedLoader.ValidCache?, _ value: ([FeedImage]) -> Value
    ) -> (value: Value, savedAt: Date?)? {
        guard let cache, !cache.feed.isEmpty else { return nil }
        return (value(cache.feed), cache.savedAt)
    }

    private func validCacheIgnoringFailure(after imageID: UUID?) async -> LocalFeedLoader.ValidCache? {
        do {
            return try await localFeedLoader.loadValidCache(after: imageID, limit: FeedEndpoint.pageSize)
        } catch {
            // A request its client gave up on is no failure of the cache.
            guard !Task.isCancelled else { return nil }
            logger.warning("Could not read the feed cache", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// A page with items may have more after it; an empty page is the end of the feed.
    private func makePage(_ items: [FeedImage]) -> Paginated<FeedImage> {
        guard let last = items.last else { return Paginated(items: items) }
        return Paginated(items: items, loadMore: { try await loadMore(after: last.id).value })
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

/// How many times the feed changed through this app.
private final class FeedRevisions: Sendable {
    private let value = Atomic<UInt64>(0)

    var current: UInt64 {
        value.load(ordering: .acquiring)
    }

    func advance() {
        value.add(1, ordering: .releasing)
    }
}
