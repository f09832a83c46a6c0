import EssentialFeed
import Foundation
import Logging
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The feed's pages as the screens show them: the first page remote first, asking the API
/// whether the cached one changed, with the cache as fallback; each next page from the API,
/// appended to the cache, or from the cache when the API cannot be reached.
///
/// Concurrent loads of the same page share one run (`SharedLoads`): one API request and one
/// cache write, however many tabs ask at once.
package struct FeedPages: Sendable {
    /// A page of the feed as a screen shows it.
    package typealias Page = Loaded<Paginated<FeedImage>>

    let httpClient: any HTTPClient
    let baseURL: URL
    let localFeedLoader: LocalFeedLoader
    let logger: Logger
    private let loads: LoadingStrategies
    /// Keyed by the feed's revision: a first page asked for after a post never joins a load
    /// that began before it, so the person who posted sees their post.
    let firstPages = SharedLoads<UInt64, Page>()
    private let revisions = FeedRevisions()
    let nextPages = SharedLoads<UUID, Page>()

    init(httpClient: any HTTPClient, baseURL: URL, localFeedLoader: LocalFeedLoader, logger: Logger) {
        self.httpClient = httpClient
        self.baseURL = baseURL
        self.localFeedLoader = localFeedLoader
        self.logger = logger
        loads = LoadingStrategies(logger: logger)
    }

    /// Remote first, asking the API whether the page the cache starts with changed: when
    /// it did not (`304`), the cached page is shown and the cache only counts as saved now.
    /// When the API cannot be reached, the cached first page, saying since when.
    func loadFeed() async throws -> Page {
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
            return Page(value: makePage(loaded.value.feed), offlineCacheSavedAt: loaded.offlineCacheSavedAt)
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
    func loadMore(after imageID: UUID) async throws -> Page {
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
            return Page(value: makePage(loaded.value), offlineCacheSavedAt: loaded.offlineCacheSavedAt)
        }
    }

    /// The photos of the cached feed's first page, read without the API; none when the cache
    /// is empty, too old or cannot be read.
    func cachedPhotos() async -> [FeedImage] {
        await validCacheIgnoringFailure(after: nil)?.feed ?? []
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
