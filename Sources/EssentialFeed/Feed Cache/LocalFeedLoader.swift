import Foundation

public final class LocalFeedLoader: Sendable {
    private let store: any FeedStore
    private let currentDate: @Sendable () -> Date

    public init(store: any FeedStore, currentDate: @escaping @Sendable () -> Date) {
        self.store = store
        self.currentDate = currentDate
    }
}

extension LocalFeedLoader {
    public func save(_ feed: [FeedImage]) async throws {
        try await store.deleteCachedFeed()
        try await store.insert(feed.toLocal(), timestamp: currentDate())
    }
}

extension LocalFeedLoader {
    public func load() async throws -> [FeedImage] {
        guard let cache = try await store.retrieve(),
              FeedCachePolicy.validate(cache.timestamp, against: currentDate())
        else {
            return []
        }
        return cache.feed.toModels()
    }
}

extension LocalFeedLoader {
    /// Removes a cache that can no longer be shown, so stale or unreadable data
    /// does not linger on disk.
    public func validateCache() async throws {
        let cache: CachedFeed?
        do {
            cache = try await store.retrieve()
        } catch {
            try await store.deleteCachedFeed()
            return
        }

        if let cache, !FeedCachePolicy.validate(cache.timestamp, against: currentDate()) {
            try await store.deleteCachedFeed()
        }
    }
}

private extension Array where Element == FeedImage {
    func toLocal() -> [LocalFeedImage] {
        map { LocalFeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
    }
}

private extension Array where Element == LocalFeedImage {
    func toModels() -> [FeedImage] {
        map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
    }
}
