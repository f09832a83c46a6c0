import EssentialFeed
import Foundation
import Logging
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
        /// The image is not in the feed the app has, so the app has no address for it.
        case unknownImage
    }

    let httpClient: any HTTPClient
    let baseURL: URL
    let localFeedLoader: LocalFeedLoader
    let localImageLoader: LocalFeedImageDataLoader
    let logger: Logger
    let firstPages = SharedLoads<Bool, [FeedImage]>()
    private let nextPages = SharedLoads<UUID, Paginated<FeedImage>>()
    private let imageData = SharedLoads<UUID, Data>()
    let comments = SharedLoads<UUID, [ImageComment]>()

    init(httpClient: any HTTPClient, baseURL: URL, localFeedLoader: LocalFeedLoader, localImageLoader: LocalFeedImageDataLoader, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.localFeedLoader = localFeedLoader
        self.localImageLoader = localImageLoader
        self.logger = logger
    }

    func loadFeed() async throws -> Paginated<FeedImage> {
        let feed = try await firstPages.load(true) { try await loadFirstPage() }
        return makePage(feed, hasMore: !feed.isEmpty)
    }

    /// The feed the app has up to `imageID`, followed by the next remote page: all of it
    /// is cached, so the screen and the cache hold the same feed.
    func loadMore(after imageID: UUID) async throws -> Paginated<FeedImage> {
        try await nextPages.load(imageID) {
            let cache = try await localFeedLoader.loadValidCache()
            guard let cached = cache?.feed, let index = cached.firstIndex(where: { $0.id == imageID }) else {
                throw Error.unknownImage
            }
            let (data, response) = try await httpClient.get(from: FeedEndpoint.get(after: cached[index]).url(baseURL: baseURL))
            let newItems = try FeedItemsMapper.map(data, from: response)
            let feed = Array(cached[...index]) + newItems
            if !newItems.isEmpty {
                // The feed still starts with the same first page, so its entity tag still holds.
                await saveIgnoringFailure(feed, entityTag: cache?.entityTag)
            }
            return makePage(feed, hasMore: !newItems.isEmpty)
        }
    }

    func loadImageData(for imageID: UUID) async throws -> Data {
        try await imageData.load(imageID) {
            guard let image = try await localFeedLoader.load().first(where: { $0.id == imageID }) else {
                throw Error.unknownImage
            }
            do {
                return try await localImageLoader.loadImageData(from: image.url)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let (data, response) = try await httpClient.get(from: image.url)
                let imageData = try FeedImageDataMapper.map(data, from: response)
                do {
                    try await localImageLoader.save(imageData, for: image.url)
                } catch {
                    logger.warning("Could not cache image data", metadata: ["image": "\(imageID)", "error": "\(error)"])
                }
                return imageData
            }
        }
    }

    func loadComments(for imageID: UUID) async throws -> [ImageComment] {
        try await comments.load(imageID) {
            let (data, response) = try await httpClient.get(from: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
            return try ImageCommentsMapper.map(data, from: response)
        }
    }

    func validateCache() async {
        do {
            try await localFeedLoader.validateCache()
        } catch {
            logger.error("Could not validate the feed cache", metadata: ["error": "\(error)"])
        }
    }

    /// Remote first, asking the API whether the page the cache starts with changed: when
    /// it did not (`304`), the cached items stay as they are and only count as saved now.
    private func loadFirstPage() async throws -> [FeedImage] {
        let cache = await validCacheIgnoringFailure()
        do {
            let conditions = cache?.entityTag.map { ["If-None-Match": $0] } ?? [:]
            let (data, response) = try await httpClient.get(from: FeedEndpoint.get().url(baseURL: baseURL), headers: conditions)
            if response.statusCode == Self.notModified, let cache {
                await renewIgnoringFailure()
                return Array(cache.feed.prefix(FeedEndpoint.pageSize))
            }
            let feed = try FeedItemsMapper.map(data, from: response)
            await saveIgnoringFailure(feed, entityTag: response.value(forHTTPHeaderField: "ETag"))
            return feed
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // An empty or expired cache has nothing to show: the remote failure is the news.
            guard let cache, !cache.feed.isEmpty else { throw error }
            logger.info("Showing the cached feed: the API could not be loaded", metadata: ["error": "\(error)"])
            return cache.feed
        }
    }

    private static let notModified = 304

    private func validCacheIgnoringFailure() async -> LocalFeedLoader.ValidCache? {
        do {
            return try await localFeedLoader.loadValidCache()
        } catch {
            logger.warning("Could not read the feed cache", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The feed is shown even when it cannot be cached; the next load tries again.
    private func saveIgnoringFailure(_ feed: [FeedImage], entityTag: String?) async {
        do {
            try await localFeedLoader.save(feed, entityTag: entityTag)
        } catch {
            logger.warning("Could not cache the feed", metadata: ["error": "\(error)"])
        }
    }

    private func renewIgnoringFailure() async {
        do {
            try await localFeedLoader.renewCache()
        } catch {
            logger.warning("Could not renew the feed cache", metadata: ["error": "\(error)"])
        }
    }

    private func makePage(_ feed: [FeedImage], hasMore: Bool) -> Paginated<FeedImage> {
        guard hasMore, let last = feed.last else { return Paginated(items: feed) }
        return Paginated(items: feed, loadMore: { try await loadMore(after: last.id) })
    }
}
