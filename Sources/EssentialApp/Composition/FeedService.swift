import EssentialFeed
import Foundation
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything the screens load, composed from the remote API and the local cache:
/// the feed remote first with the cache as fallback, image data local first, comments remote only.
///
/// Concurrent loads of the same thing share one run (`SharedLoads`): one API request and
/// one cache write, however many tabs ask at once. A load asked for after one finished
/// starts afresh, so comments are still loaded remotely every time they are asked for.
struct FeedService: Sendable {
    enum Error: Swift.Error, Equatable {
        /// The image is not in any feed the app has, so the app has no address for it.
        case unknownImage
    }

    /// A page of the feed as a screen shows it.
    struct FeedPage: Sendable {
        let feed: Paginated<FeedImage>
        /// Set when the page comes from the cache because the API could not be reached:
        /// when that cache was saved or last confirmed.
        let offlineCacheSavedAt: Date?

        init(feed: Paginated<FeedImage>, offlineCacheSavedAt: Date? = nil) {
            self.feed = feed
            self.offlineCacheSavedAt = offlineCacheSavedAt
        }
    }

    let httpClient: any HTTPClient
    let baseURL: URL
    let localFeedLoader: LocalFeedLoader
    let localImageLoader: LocalFeedImageDataLoader
    let logger: Logger
    /// Keyed by the feed's revision: a first page asked for after a post never joins a load
    /// that began before it, so the person who posted sees their post.
    let firstPages = SharedLoads<UInt64, FeedPage>()
    private let revisions = FeedRevisions()
    let nextPages = SharedLoads<UUID, FeedPage>()
    private let imageData = SharedLoads<ImageDataKey, Data>()
    let comments = SharedLoads<UUID, [ImageComment]>()

    init(httpClient: any HTTPClient, baseURL: URL, localFeedLoader: LocalFeedLoader, localImageLoader: LocalFeedImageDataLoader, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.localFeedLoader = localFeedLoader
        self.localImageLoader = localImageLoader
        self.logger = logger
    }

    /// Remote first, asking the API whether the page the cache starts with changed: when
    /// it did not (`304`), the cached page is shown and the cache only counts as saved now.
    /// When the API cannot be reached, the cached first page, saying since when.
    func loadFeed() async throws -> FeedPage {
        try await firstPages.load(feedRevision) {
            let cache = await validCacheIgnoringFailure(after: nil)
            do {
                let conditions = cache?.entityTag.map { ["If-None-Match": $0] } ?? [:]
                let (data, response) = try await get(FeedEndpoint.url(baseURL: baseURL, afterImageWithID: nil), headers: conditions)
                if response.statusCode == Self.notModified, let cache {
                    await ignoringFailure("Could not renew the feed cache") { try await localFeedLoader.renewCache() }
                    return FeedPage(feed: makePage(cache.feed))
                }
                let feed = try FeedItemsMapper.map(data, from: response)
                await ignoringFailure("Could not cache the feed") {
                    try await localFeedLoader.save(feed, entityTag: response.value(forHTTPHeaderField: "ETag"))
                }
                return FeedPage(feed: makePage(feed))
            } catch {
                return try offlinePage(from: cache, after: error)
            }
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
            do {
                let (data, response) = try await get(FeedEndpoint.url(baseURL: baseURL, afterImageWithID: imageID))
                let page = try FeedItemsMapper.map(data, from: response)
                if !page.isEmpty {
                    await ignoringFailure("Could not cache the next page") {
                        _ = try await localFeedLoader.append(page, after: imageID)
                    }
                }
                return FeedPage(feed: makePage(page))
            } catch {
                let cache = await validCacheIgnoringFailure(after: imageID)
                return try offlinePage(from: cache, after: error)
            }
        }
    }

    /// The bytes of an image of the feed, in `size` when the API gave that size (else the
    /// feed's own image URL).
    func loadImageData(for imageID: UUID, size: FeedImageSize? = nil) async throws -> Data {
        try await imageData.load(ImageDataKey(imageID: imageID, size: size)) {
            guard let cached = try await localFeedLoader.cachedImage(withID: imageID) else {
                throw Error.unknownImage
            }
            let url = size.flatMap { cached.photo?.urls[$0] } ?? cached.url
            do {
                return try await localImageLoader.loadImageData(from: url)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let imageData: Data
                do {
                    let (data, response) = try await get(url)
                    imageData = try FeedImageDataMapper.map(data, from: response)
                } catch {
                    logUpstreamFailure("Image data could not be loaded from the API", error, metadata: ["image": "\(imageID)"])
                    throw error
                }
                await ignoringFailure("Could not cache image data", metadata: ["image": "\(imageID)"]) {
                    try await localImageLoader.save(imageData, for: url)
                }
                return imageData
            }
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

    func loadComments(for imageID: UUID) async throws -> [ImageComment] {
        try await comments.load(imageID) {
            do {
                let (data, response) = try await get(ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
                return try ImageCommentsMapper.map(data, from: response)
            } catch {
                logUpstreamFailure("Comments could not be loaded from the API", error, metadata: ["image": "\(imageID)"])
                throw error
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

    private static let notModified = 304
    private static let notFound = 404

    /// What the API says does not exist is not an outage: it is not replaced by the cache.
    private func get(_ url: URL, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await httpClient.get(from: url, headers: headers)
        guard response.statusCode != Self.notFound else { throw ResourceNotFoundError() }
        return (data, response)
    }

    /// The cached page stands in for the API's when the API failed for any reason but
    /// cancellation or "not found"; without cached items, the API's failure is the news
    /// (an empty cached page cannot tell the end of the feed from the end of the cache).
    private func offlinePage(from cache: LocalFeedLoader.ValidCache?, after error: any Swift.Error) throws -> FeedPage {
        if error is CancellationError || Task.isCancelled { throw CancellationError() }
        guard !(error is ResourceNotFoundError), let cache, !cache.feed.isEmpty else {
            logUpstreamFailure("The feed could not be loaded from the API, and the cache has no page to stand in", error)
            throw error
        }
        logger.warning("Showing the cached feed: the API could not be loaded", metadata: ["error": "\(error)"])
        return FeedPage(feed: makePage(cache.feed), offlineCacheSavedAt: cache.savedAt)
    }

    /// What the API failed with, for operators: cancellation is the browser leaving, not a
    /// failure; "not found" is an answer, not an outage.
    private func logUpstreamFailure(_ message: Logger.Message, _ error: any Swift.Error, metadata: Logger.Metadata = [:]) {
        if error is CancellationError || Task.isCancelled { return }
        let level: Logger.Level = error is ResourceNotFoundError ? .info : .warning
        logger.log(level: level, message, metadata: metadata.merging(["error": "\(error)"]) { $1 })
    }

    private func validCacheIgnoringFailure(after imageID: UUID?) async -> LocalFeedLoader.ValidCache? {
        do {
            return try await localFeedLoader.loadValidCache(after: imageID, limit: FeedEndpoint.pageSize)
        } catch {
            logger.warning("Could not read the feed cache", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// What is shown does not depend on caching it; the next load tries again.
    private func ignoringFailure(_ message: Logger.Message, metadata: Logger.Metadata = [:], _ work: () async throws -> Void) async {
        do {
            try await work()
        } catch {
            logger.warning(message, metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }

    /// A page with items may have more after it; an empty page is the end of the feed.
    private func makePage(_ items: [FeedImage]) -> Paginated<FeedImage> {
        guard let last = items.last else { return Paginated(items: items) }
        return Paginated(items: items, loadMore: { try await loadMore(after: last.id).feed })
    }
}

private struct ImageDataKey: Hashable, Sendable {
    let imageID: UUID
    let size: FeedImageSize?
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
