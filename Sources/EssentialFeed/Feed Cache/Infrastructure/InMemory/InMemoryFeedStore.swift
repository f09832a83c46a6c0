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
        feedCache = CachedFeed(feed: feed, timestamp: timestamp)
        let urlsInFeed = Set(feed.map(\.url))
        imageDataCache = imageDataCache.filter { urlsInFeed.contains($0.key) }
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
