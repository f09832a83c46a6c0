import Foundation

public struct CachedFeed: Equatable, Sendable {
    public let feed: [LocalFeedImage]
    public let timestamp: Date
    /// The API's validator for the first page this feed starts with (its `ETag`), so the
    /// next load can ask whether it changed instead of downloading it again.
    public let entityTag: String?

    public init(feed: [LocalFeedImage], timestamp: Date, entityTag: String? = nil) {
        self.feed = feed
        self.timestamp = timestamp
        self.entityTag = entityTag
    }
}

/// Where the app keeps the last feed it saw.
///
/// Contract (checked by the shared store specs):
/// - `insert` replaces any previous feed atomically: readers see the old feed
///   or the new one, never a mix.
/// - `retrieve` has no side effects and returns nil on an empty store.
/// - `deleteCachedFeed` on an empty store succeeds.
/// - `renewCache(timestamp:)` changes the timestamp of the cached feed and nothing else;
///   on an empty store it does nothing.
public protocol FeedStore: Sendable {
    func deleteCachedFeed() async throws
    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws
    func retrieve() async throws -> CachedFeed?

    /// `insert(_:timestamp:)`, keeping the first page's entity tag with the feed.
    func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws
    /// The API said the cached feed is still current: it counts as saved at `timestamp`.
    func renewCache(timestamp: Date) async throws
}

extension FeedStore {
    /// Stores that keep no entity tag still work: the next load is then unconditional.
    public func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws {
        try await insert(feed, timestamp: timestamp)
    }

    /// For stores that cannot change the timestamp alone: the same feed, saved again.
    public func renewCache(timestamp: Date) async throws {
        guard let cache = try await retrieve() else { return }
        try await insert(cache.feed, timestamp: timestamp, entityTag: cache.entityTag)
    }
}
