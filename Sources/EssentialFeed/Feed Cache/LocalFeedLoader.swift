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

    /// Adds the page the API gave after the image `imageID` to the cached feed, writing only
    /// the page. False when the cached feed no longer has that image (a newer feed replaced
    /// it): the page is then not cached, since it does not continue the cached feed.
    public func append(_ page: [FeedImage], after imageID: UUID) async throws -> Bool {
        try await store.append(page.toLocal(), after: imageID)
    }
}

extension LocalFeedLoader {
    /// A cached feed that may still be shown, with what the API needs to revalidate it.
    public struct ValidCache: Equatable, Sendable {
        public let feed: [FeedImage]
        public let entityTag: String?
        /// When the feed was last saved or confirmed by the API.
        public let savedAt: Date?

        public init(feed: [FeedImage], entityTag: String?, savedAt: Date? = nil) {
            self.feed = feed
            self.entityTag = entityTag
            self.savedAt = savedAt
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
        return ValidCache(feed: cache.feed.toModels(), entityTag: cache.entityTag, savedAt: cache.timestamp)
    }

    /// At most `limit` images of the cached feed, from its start or after the image
    /// `imageID`, while the cache is valid; nil when empty, expired, or without that image.
    public func loadValidCache(after imageID: UUID?, limit: Int) async throws -> ValidCache? {
        guard let cache = try await store.retrieve(after: imageID, limit: limit),
            FeedCachePolicy.validate(cache.timestamp, against: currentDate())
        else {
            return nil
        }
        return ValidCache(feed: cache.feed.toModels(), entityTag: cache.entityTag, savedAt: cache.timestamp)
    }

    /// The image with this id as the cache knows it, from the cached feed or one it replaced:
    /// where a page on screen loads the image's data from.
    public func cachedImage(withID id: UUID) async throws -> FeedImage? {
        try await store.retrieve(imageWithID: id).map(\.model)
    }

    /// Forgets the image with this id — deleted at its source — wherever the cache kept it,
    /// and delivers it as it was cached, so its bytes can be forgotten too.
    public func forgetImage(withID id: UUID) async throws -> FeedImage? {
        let image = try await store.retrieve(imageWithID: id)
        try await store.deleteImage(withID: id)
        return image?.model
    }

    /// The image before the image `id` in the cached feed, whatever the cache's age; nil at
    /// its start.
    public func cachedImage(before id: UUID) async throws -> FeedImage? {
        try await store.retrieve(imageBefore: id).map(\.model)
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
        map {
            LocalFeedImage(
                id: $0.id, description: $0.description, location: $0.location, url: $0.url,
                alternativeText: $0.alternativeText, commentCount: $0.commentCount, author: $0.author,
                photo: $0.photo.map(LocalFeedPhoto.init), createdAt: $0.createdAt, likeCount: $0.likeCount,
                contentWarning: $0.contentWarning, editedAt: $0.editedAt
            )
        }
    }
}

private extension Array where Element == LocalFeedImage {
    func toModels() -> [FeedImage] {
        map(\.model)
    }
}

private extension LocalFeedImage {
    var model: FeedImage {
        FeedImage(
            id: id, description: description, location: location, url: url,
            alternativeText: alternativeText, commentCount: commentCount, author: author,
            photo: photo.map(FeedPhoto.init), createdAt: createdAt, likeCount: likeCount,
            contentWarning: contentWarning, editedAt: editedAt)
    }
}

private extension LocalFeedPhoto {
    init(_ photo: FeedPhoto) {
        self.init(
            width: photo.width, height: photo.height, averageColor: photo.averageColor, blurHash: photo.blurHash,
            urls: Dictionary(uniqueKeysWithValues: photo.urls.map { ($0.key.rawValue, $0.value) }))
    }
}

private extension FeedPhoto {
    init(_ photo: LocalFeedPhoto) {
        var urls = [FeedImageSize: URL]()
        for (name, url) in photo.urls {
            if let size = FeedImageSize(rawValue: name) { urls[size] = url }
        }
        self.init(width: photo.width, height: photo.height, averageColor: photo.averageColor, blurHash: photo.blurHash, urls: urls)
    }
}
