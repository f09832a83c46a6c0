import EssentialFeed
import Foundation
import Testing

@Suite struct InMemoryFeedStoreTests {
    private let timestamp = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func retrieve_deliversNothingOnEmptyStore() async throws {
        let sut = makeSUT()

        #expect(try await sut.retrieve() == nil)
        #expect(try await sut.retrieve() == nil)
    }

    @Test func retrieve_deliversInsertedFeedWithTimestampWithoutSideEffects() async throws {
        let sut = makeSUT()
        let feed = uniqueFeedImages().local

        try await sut.insert(feed, timestamp: timestamp)

        #expect(try await sut.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
        #expect(try await sut.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test func insert_replacesPreviouslyInsertedFeed() async throws {
        let sut = makeSUT()
        let latestFeed = uniqueFeedImages().local
        let latestTimestamp = timestamp.adding(seconds: 60)

        try await sut.insert(uniqueFeedImages().local, timestamp: timestamp)
        try await sut.insert(latestFeed, timestamp: latestTimestamp)

        #expect(try await sut.retrieve() == CachedFeed(feed: latestFeed, timestamp: latestTimestamp))
    }

    @Test func deleteCachedFeed_emptiesPreviouslyInsertedFeed() async throws {
        let sut = makeSUT()
        try await sut.insert(uniqueFeedImages().local, timestamp: timestamp)

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve() == nil)
    }

    @Test func deleteCachedFeed_succeedsOnEmptyStore() async throws {
        let sut = makeSUT()

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve() == nil)
    }

    @Test func retrieveImageData_deliversNothingForURLWithoutData() async throws {
        let sut = makeSUT()

        #expect(try await sut.retrieve(dataForURL: anyURL()) == nil)
    }

    @Test func retrieveImageData_deliversLastDataInsertedForURL() async throws {
        let sut = makeSUT()
        let feed = uniqueFeedImages().local
        let url = feed[0].url
        try await sut.insert(feed, timestamp: timestamp)

        try await sut.insert(Data("first".utf8), for: url)
        try await sut.insert(Data("last".utf8), for: url)

        #expect(try await sut.retrieve(dataForURL: url) == Data("last".utf8))
        #expect(try await sut.retrieve(dataForURL: feed[1].url) == nil)
    }

    @Test func insertImageData_storesDataForURLNotInCachedFeed() async throws {
        let sut = makeSUT()
        let url = URL(string: "https://not-in-the-feed.com/image.jpg")!

        try await sut.insert(anyData(), for: url)

        #expect(try await sut.retrieve(dataForURL: url) == anyData())
    }

    @Test func deleteCachedFeed_keepsImageData() async throws {
        let sut = makeSUT()
        let feed = uniqueFeedImages().local
        try await sut.insert(feed, timestamp: timestamp)
        try await sut.insert(anyData(), for: feed[0].url)

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve(dataForURL: feed[0].url) == anyData())
    }

    @Test func insertFeed_keepsImageDataOfTheReplacedFeed() async throws {
        let sut = makeSUT()
        let oldFeed = uniqueFeedImages().local
        try await sut.insert(oldFeed, timestamp: timestamp)
        try await sut.insert(Data("replaced".utf8), for: oldFeed[1].url)

        try await sut.insert(uniqueFeedImages().local, timestamp: timestamp.adding(seconds: 1))

        #expect(try await sut.retrieve(dataForURL: oldFeed[1].url) == Data("replaced".utf8))
    }

    @Test func concurrentOperations_completeWithLastFeedInsertedAndNoMix() async throws {
        let sut = makeSUT()
        let feeds = (0..<50).map { _ in uniqueFeedImages().local }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, feed) in feeds.enumerated() {
                group.addTask {
                    try await sut.insert(feed, timestamp: Date(timeIntervalSince1970: TimeInterval(index)))
                    _ = try await sut.retrieve()
                }
            }
            try await group.waitForAll()
        }

        let cache = try #require(try await sut.retrieve())
        let index = Int(cache.timestamp.timeIntervalSince1970)
        #expect(cache.feed == feeds[index])
    }

    // MARK: - Helpers

    /// Exercised through the protocols, as the app's use cases see it.
    private func makeSUT() -> some FeedStore & FeedImageDataStore {
        InMemoryFeedStore()
    }
}
