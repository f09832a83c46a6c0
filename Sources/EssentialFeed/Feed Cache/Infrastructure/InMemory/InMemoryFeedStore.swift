import Foundation

/// A store that lives as long as the process: for demos, previews, tests, and the app when
/// its data directory cannot be written.
public actor InMemoryFeedStore {
    /// How many images of replaced feeds stay findable by id.
    static let replacedImagesKept = 5_000

    private var feedCache: CachedFeed?
    /// The last position of each image id in the cached feed.
    private var positions: [UUID: Int] = [:]
    private var replacedImages: [UUID: LocalFeedImage] = [:]
    private var replacedImageOrder: [UUID] = []

    private let imageDataCapacity: Int
    private var imageData: [URL: ImageDataEntry] = [:]
    private var imageDataBytes = 0
    private var useCounter: UInt64 = 0
    private let resources = InMemoryResourceStore()

    private struct ImageDataEntry {
        let data: Data
        var lastUsed: UInt64
    }

    /// - Parameter imageDataCapacity: the most image bytes kept; the least recently used
    ///   go first.
    public init(imageDataCapacity: Int = 64 * 1024 * 1024) {
        self.imageDataCapacity = max(0, imageDataCapacity)
    }
}

extension InMemoryFeedStore: FeedStore {
    public func deleteCachedFeed() {
        retireCachedImages()
        feedCache = nil
        positions = [:]
    }

    public func insert(_ feed: [LocalFeedImage], timestamp: Date) {
        insert(feed, timestamp: timestamp, entityTag: nil)
    }

    public func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) {
        retireCachedImages()
        feedCache = CachedFeed(feed: feed, timestamp: timestamp, entityTag: entityTag)
        positions = Self.lastPositions(of: feed)
    }

    public func renewCache(timestamp: Date) {
        guard let feedCache else { return }
        self.feedCache = CachedFeed(feed: feedCache.feed, timestamp: timestamp, entityTag: feedCache.entityTag)
    }

    public func retrieve() -> CachedFeed? {
        feedCache
    }

    public func append(_ page: [LocalFeedImage], after imageID: UUID) -> Bool {
        guard let cache = feedCache, let index = positions[imageID] else { return false }
        var feed = cache.feed
        let dropped = feed[(index + 1)...]
        retire(dropped)
        feed.removeSubrange((index + 1)...)
        feed.append(contentsOf: page)
        feedCache = CachedFeed(feed: feed, timestamp: cache.timestamp, entityTag: cache.entityTag)
        positions = Self.lastPositions(of: feed)
        return true
    }

    public func retrieve(after imageID: UUID?, limit: Int) -> CachedFeed? {
        guard let cache = feedCache else { return nil }
        var start = 0
        if let imageID {
            guard let index = positions[imageID] else { return nil }
            start = index + 1
        }
        let page = cache.feed[start...].prefix(max(0, limit))
        return CachedFeed(feed: Array(page), timestamp: cache.timestamp, entityTag: cache.entityTag)
    }

    public func retrieve(imageWithID id: UUID) -> LocalFeedImage? {
        if let cache = feedCache, let index = positions[id] {
            return cache.feed[index]
        }
        return replacedImages[id]
    }

    public func deleteImage(withID id: UUID) {
        if replacedImages.removeValue(forKey: id) != nil {
            replacedImageOrder.removeAll { $0 == id }
        }
        guard let cache = feedCache, positions[id] != nil else { return }
        let feed = cache.feed.filter { $0.id != id }
        feedCache = CachedFeed(feed: feed, timestamp: cache.timestamp, entityTag: cache.entityTag)
        positions = Self.lastPositions(of: feed)
    }

    private static func lastPositions(of feed: [LocalFeedImage]) -> [UUID: Int] {
        var positions: [UUID: Int] = [:]
        for (position, image) in feed.enumerated() {
            positions[image.id] = position
        }
        return positions
    }

    private func retireCachedImages() {
        guard let feedCache else { return }
        retire(feedCache.feed[...])
    }

    private func retire(_ images: ArraySlice<LocalFeedImage>) {
        for image in images {
            if replacedImages.updateValue(image, forKey: image.id) == nil {
                replacedImageOrder.append(image.id)
            }
        }
        let excess = replacedImageOrder.count - Self.replacedImagesKept
        guard excess > 0 else { return }
        for id in replacedImageOrder[..<excess] {
            replacedImages[id] = nil
        }
        replacedImageOrder.removeFirst(excess)
    }
}

extension InMemoryFeedStore: FeedImageDataStore {
    public func insert(_ data: Data, for url: URL) {
        if let previous = imageData.removeValue(forKey: url) {
            imageDataBytes -= previous.data.count
        }
        guard data.count <= imageDataCapacity else { return }
        imageData[url] = ImageDataEntry(data: data, lastUsed: nextUse())
        imageDataBytes += data.count
        evictLeastRecentlyUsedData()
    }

    public func retrieve(dataForURL url: URL) -> Data? {
        guard var entry = imageData[url] else { return nil }
        entry.lastUsed = nextUse()
        imageData[url] = entry
        return entry.data
    }

    public func deleteData(forURL url: URL) {
        guard let removed = imageData.removeValue(forKey: url) else { return }
        imageDataBytes -= removed.data.count
    }

    private func nextUse() -> UInt64 {
        useCounter += 1
        return useCounter
    }

    private func evictLeastRecentlyUsedData() {
        guard imageDataBytes > imageDataCapacity else { return }
        for (url, entry) in imageData.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard imageDataBytes > imageDataCapacity else { return }
            imageData[url] = nil
            imageDataBytes -= entry.data.count
        }
    }
}

extension InMemoryFeedStore: ResourceStore {
    public func insert(_ data: Data, forKey key: String, timestamp: Date) async throws {
        try await resources.insert(data, forKey: key, timestamp: timestamp)
    }

    public func retrieveResource(forKey key: String) async throws -> CachedResource? {
        try await resources.retrieveResource(forKey: key)
    }

    public func deleteResource(forKey key: String) async throws {
        try await resources.deleteResource(forKey: key)
    }

    public func deleteResources(savedUpTo date: Date) async throws {
        try await resources.deleteResources(savedUpTo: date)
    }

    public func deleteResources(keyedUnder prefix: String) async throws {
        try await resources.deleteResources(keyedUnder: prefix)
    }
}
