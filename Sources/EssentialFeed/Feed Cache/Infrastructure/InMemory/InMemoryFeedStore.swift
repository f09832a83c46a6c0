import Foundation

/// A store that lives as long as the process: for demos, previews and tests.
public actor InMemoryFeedStore {
    private var feedCache: CachedFeed?
    private var imageDataCache: [URL: Data] = [:]

    public init() {}
}

extension InMemoryFeedStore: FeedStore {
    public func deleteCachedFeed() {
        feedCache = nil
    }

    public func insert(_ feed: [LocalFeedImage], timestamp: Date) {
        insert(feed, timestamp: timestamp, entityTag: nil)
    }

    public func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) {
        feedCache = CachedFeed(feed: feed, timestamp: timestamp, entityTag: entityTag)
        let urlsInFeed = Set(feed.map(\.url))
        imageDataCache = imageDataCache.filter { urlsInFeed.contains($0.key) }
    }

    public func renewCache(timestamp: Date) {
        guard let feedCache else { return }
        self.feedCache = CachedFeed(feed: feedCache.feed, timestamp: timestamp, entityTag: feedCache.entityTag)
    }

    public func retrieve() -> CachedFeed? {
        feedCache
    }
}

extension InMemoryFeedStore: FeedImageDataStore {
    public func insert(_ data: Data, for url: URL) {
        imageDataCache[url] = data
    }

    public func retrieve(dataForURL url: URL) -> Data? {
        imageDataCache[url]
    }
}
