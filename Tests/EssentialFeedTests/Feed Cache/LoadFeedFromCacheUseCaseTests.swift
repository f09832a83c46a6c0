import EssentialFeed
import Foundation
import Testing

@Suite struct LoadFeedFromCacheUseCaseTests {
    private static let fixedCurrentDate = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func load_requestsCacheRetrieval() async throws {
        let (sut, store) = makeSUT()

        _ = try await sut.load()

        #expect(await store.receivedMessages == [.retrieve])
    }

    @Test func load_failsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let retrievalError = anyNSError()
        await store.stubRetrieval(with: retrievalError)

        await #expect(throws: retrievalError) {
            try await sut.load()
        }
    }

    @Test func load_deliversNoImagesOnEmptyCache() async throws {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: nil as CachedFeed?)

        #expect(try await sut.load() == [])
    }

    @Test func load_deliversCachedImagesOnNonExpiredCache() async throws {
        let feed = uniqueFeedImages()
        let nonExpiredTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: feed.local, timestamp: nonExpiredTimestamp))

        #expect(try await sut.load() == feed.models)
    }

    @Test func loadValidCache_deliversTheFeedWithItsEntityTagOnNonExpiredCache() async throws {
        let feed = uniqueFeedImages()
        let nonExpiredTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: feed.local, timestamp: nonExpiredTimestamp, entityTag: "\"v7\""))

        #expect(try await sut.loadValidCache() == LocalFeedLoader.ValidCache(feed: feed.models, entityTag: "\"v7\"", savedAt: nonExpiredTimestamp))
    }

    @Test func loadValidCache_deliversNothingOnCacheExpiration() async throws {
        let expirationTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge()
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: expirationTimestamp, entityTag: "\"v7\""))

        #expect(try await sut.loadValidCache() == nil)
    }

    @Test func load_deliversNoImagesOnCacheExpiration() async throws {
        let expirationTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge()
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: expirationTimestamp))

        #expect(try await sut.load() == [])
    }

    @Test func load_deliversNoImagesOnExpiredCache() async throws {
        let expiredTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: expiredTimestamp))

        #expect(try await sut.load() == [])
    }

    @Test(arguments: [-1, 0, 1] as [TimeInterval])
    func load_hasNoSideEffectsWhateverTheCacheAge(secondsFromExpiration: TimeInterval) async throws {
        let timestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: secondsFromExpiration)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: timestamp))

        _ = try await sut.load()

        #expect(await store.receivedMessages == [.retrieve])
    }

    @Test func load_hasNoSideEffectsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: anyNSError())

        _ = try? await sut.load()

        #expect(await store.receivedMessages == [.retrieve])
    }

    @Test func load_hasNoSideEffectsOnEmptyCache() async throws {
        let (sut, store) = makeSUT()

        _ = try await sut.load()

        #expect(await store.receivedMessages == [.retrieve])
    }

    // MARK: - Helpers

    private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: { Self.fixedCurrentDate })
        return (sut, store)
    }
}
