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
        try await save(feed, entityTag: nil)
    }

    /// Saves the feed with the entity tag of the first page it starts with, replacing the
    /// cached one in a single store operation, which the store carries out atomically: a
    /// reader, a cancelled save or a stopped process sees the old feed or the new one.
    public func save(_ feed: [FeedImage], entityTag: String?) async throws {
        try await store.insert(feed.toLocal(), timestamp: currentDate(), entityTag: entityTag)
    }

    /// The API confirmed the cached feed is current: it counts as saved now, and the
    /// seven days start again, without rewriting its items.
    public func renewCache() async throws {
        try await store.renewCache(timestamp: currentDate())
    }
}

extension LocalFeedLoader {
    /// A cached feed that may still be shown, with what the API needs to revalidate it.
    public struct ValidCache: Equatable, Sendable {
        public let feed: [FeedImage]
        public let entityTag: String?

        public init(feed: [FeedImage], entityTag: String?) {
            self.feed = feed
            self.entityTag = entityTag
        }
    }

    public func load() async throws -> [FeedImage] {
        try await loadValidCache()?.feed ?? []
    }

    /// The cached feed with its entity tag while it is valid; nil when empty or expired.
    public func loadValidCache() async throws -> ValidCache? {
        guard let cache = try await store.retrieve(),
              FeedCachePolicy.validate(cache.timestamp, against: currentDate())
        else {
            return nil
        }
        return ValidCache(feed: cache.feed.toModels(), entityTag: cache.entityTag)
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
