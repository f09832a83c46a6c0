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
/// - `append(_:after:)` adds a page without touching the images before it, atomically.
/// - `retrieve(after:limit:)` reads one page, and `retrieve(imageWithID:)` one image, at a
///   cost that does not grow with the number of images cached.
/// - An image of a feed that `insert` replaced can still be found by id for a while, so
///   pages that are still on screen keep their images.
public protocol FeedStore: Sendable {
    func deleteCachedFeed() async throws
    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws
    func retrieve() async throws -> CachedFeed?

    /// `insert(_:timestamp:)`, keeping the first page's entity tag with the feed.
    func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws
    /// The API said the cached feed is still current: it counts as saved at `timestamp`.
    func renewCache(timestamp: Date) async throws

    /// Adds `page` after the image `imageID` of the cached feed, dropping the images that
    /// followed it, and keeps the cache's timestamp and entity tag. Returns false, changing
    /// nothing, when the cached feed has no such image. When an image appears more than
    /// once, the page goes after its last appearance.
    func append(_ page: [LocalFeedImage], after imageID: UUID) async throws -> Bool

    /// At most `limit` images of the cached feed, from its start (`imageID` nil) or from
    /// after the image `imageID`, with the cache's timestamp and entity tag. Nil when
    /// nothing is cached or the cached feed has no such image.
    func retrieve(after imageID: UUID?, limit: Int) async throws -> CachedFeed?

    /// The image with this id in the cached feed, or in a feed the cached one replaced.
    func retrieve(imageWithID id: UUID) async throws -> LocalFeedImage?

    /// The image just before the image `imageID` (its last appearance) in the cached feed;
    /// nil when it is the first, or not in the cached feed.
    func retrieve(imageBefore imageID: UUID) async throws -> LocalFeedImage?

    /// Forgets the image with this id wherever the store keeps it — every appearance in the
    /// cached feed and in the feeds it replaced — keeping the other images, their order, the
    /// timestamp and the entity tag: a photo deleted at its source is no longer found.
    func deleteImage(withID id: UUID) async throws
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

    /// For stores that can only replace the whole feed: the same feed with the page, saved again.
    public func append(_ page: [LocalFeedImage], after imageID: UUID) async throws -> Bool {
        guard let cache = try await retrieve(), let index = cache.feed.lastIndex(where: { $0.id == imageID }) else {
            return false
        }
        try await insert(Array(cache.feed[...index]) + page, timestamp: cache.timestamp, entityTag: cache.entityTag)
        return true
    }

    /// For stores that can only read the whole feed: the page cut from it.
    public func retrieve(after imageID: UUID?, limit: Int) async throws -> CachedFeed? {
        guard let cache = try await retrieve() else { return nil }
        var start = cache.feed.startIndex
        if let imageID {
            guard let index = cache.feed.lastIndex(where: { $0.id == imageID }) else { return nil }
            start = index + 1
        }
        let page = cache.feed[start...].prefix(max(0, limit))
        return CachedFeed(feed: Array(page), timestamp: cache.timestamp, entityTag: cache.entityTag)
    }

    /// For stores that can only read the whole feed: the image found in it.
    public func retrieve(imageBefore imageID: UUID) async throws -> LocalFeedImage? {
        guard let feed = try await retrieve()?.feed, let index = feed.lastIndex(where: { $0.id == imageID }), index > feed.startIndex else {
            return nil
        }
        return feed[index - 1]
    }

    /// For stores that can only replace the whole feed: the same feed without the image,
    /// saved again, when it was there.
    public func deleteImage(withID id: UUID) async throws {
        guard let cache = try await retrieve(), cache.feed.contains(where: { $0.id == id }) else { return }
        try await insert(cache.feed.filter { $0.id != id }, timestamp: cache.timestamp, entityTag: cache.entityTag)
    }

    /// For stores that keep no images of replaced feeds: the image if the cached feed has it.
    public func retrieve(imageWithID id: UUID) async throws -> LocalFeedImage? {
        try await retrieve()?.feed.first { $0.id == id }
    }
}
