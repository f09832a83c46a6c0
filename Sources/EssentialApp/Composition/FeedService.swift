import EssentialFeed
import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything the screens load, composed from the remote API and the local cache:
/// the feed remote first with the cache as fallback, image data local first, comments remote only.
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

    func loadFeed() async throws -> Paginated<FeedImage> {
        let feed: [FeedImage]
        do {
            feed = try await loadRemotePage(after: nil)
            await saveIgnoringFailure(feed)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let cached = try await localFeedLoader.load()
            // An empty or expired cache has nothing to show: the remote failure is the news.
            guard !cached.isEmpty else { throw error }
            feed = cached
        }
        return makePage(feed, hasMore: !feed.isEmpty)
    }

    /// The feed the app has up to `imageID`, followed by the next remote page: all of it
    /// is cached, so the screen and the cache hold the same feed.
    func loadMore(after imageID: UUID) async throws -> Paginated<FeedImage> {
        let cached = try await localFeedLoader.load()
        guard let index = cached.firstIndex(where: { $0.id == imageID }) else {
            throw Error.unknownImage
        }
        let newItems = try await loadRemotePage(after: cached[index])
        let feed = Array(cached[...index]) + newItems
        if !newItems.isEmpty {
            await saveIgnoringFailure(feed)
        }
        return makePage(feed, hasMore: !newItems.isEmpty)
    }

    func loadImageData(for imageID: UUID) async throws -> Data {
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

    func loadComments(for imageID: UUID) async throws -> [ImageComment] {
        let (data, response) = try await httpClient.get(from: ImageCommentsEndpoint.get(imageID).url(baseURL: baseURL))
        return try ImageCommentsMapper.map(data, from: response)
    }

    func validateCache() async {
        do {
            try await localFeedLoader.validateCache()
        } catch {
            logger.error("Could not validate the feed cache", metadata: ["error": "\(error)"])
        }
    }

    private func loadRemotePage(after lastImage: FeedImage?) async throws -> [FeedImage] {
        let (data, response) = try await httpClient.get(from: FeedEndpoint.get(after: lastImage).url(baseURL: baseURL))
        return try FeedItemsMapper.map(data, from: response)
    }

    /// The feed is shown even when it cannot be cached; the next load tries again.
    private func saveIgnoringFailure(_ feed: [FeedImage]) async {
        do {
            try await localFeedLoader.save(feed)
        } catch {
            logger.warning("Could not cache the feed", metadata: ["error": "\(error)"])
        }
    }

    private func makePage(_ feed: [FeedImage], hasMore: Bool) -> Paginated<FeedImage> {
        guard hasMore, let last = feed.last else { return Paginated(items: feed) }
        return Paginated(items: feed, loadMore: { try await loadMore(after: last.id) })
    }
}
