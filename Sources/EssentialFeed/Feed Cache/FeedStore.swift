import Foundation

public struct CachedFeed: Equatable, Sendable {
    public let feed: [LocalFeedImage]
    public let timestamp: Date

    public init(feed: [LocalFeedImage], timestamp: Date) {
        self.feed = feed
        self.timestamp = timestamp
    }
}

/// Where the app keeps the last feed it saw.
///
/// Contract (checked by the shared store specs):
/// - `insert` replaces any previous feed atomically: readers see the old feed
///   or the new one, never a mix.
/// - `retrieve` has no side effects and returns nil on an empty store.
/// - `deleteCachedFeed` on an empty store succeeds.
public protocol FeedStore: Sendable {
    func deleteCachedFeed() async throws
    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws
    func retrieve() async throws -> CachedFeed?
}
