import EssentialFeed
import Foundation
import Testing

@Suite struct ValidateFeedCacheUseCaseTests {
    private static let fixedCurrentDate = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func validateCache_deletesCacheOnRetrievalError() async throws {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: anyNSError())

        try await sut.validateCache()

        #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
    }

    @Test func validateCache_doesNotDeleteCacheOnEmptyCache() async throws {
        let (sut, store) = makeSUT()

        try await sut.validateCache()

        #expect(await store.receivedMessages == [.retrieve])
    }

    @Test func validateCache_doesNotDeleteNonExpiredCache() async throws {
        let nonExpiredTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: nonExpiredTimestamp))

        try await sut.validateCache()

        #expect(await store.receivedMessages == [.retrieve])
    }

    @Test func validateCache_deletesCacheOnExpiration() async throws {
        let expirationTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge()
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: expirationTimestamp))

        try await sut.validateCache()

        #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
    }

    @Test func validateCache_deletesExpiredCache() async throws {
        let expiredTimestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: expiredTimestamp))

        try await sut.validateCache()

        #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
    }

    @Test func validateCache_failsOnDeletionErrorOfUnreadableCache() async {
        let (sut, store) = makeSUT()
        let deletionError = anyNSError()
        await store.stubRetrieval(with: NSError(domain: "retrieval", code: 1))
        await store.stubDeletion(with: deletionError)

        await #expect(throws: deletionError) {
            try await sut.validateCache()
        }
    }

    @Test func validateCache_failsOnDeletionErrorOfExpiredCache() async {
        let (sut, store) = makeSUT()
        let deletionError = anyNSError()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: Self.fixedCurrentDate.minusFeedCacheMaxAge()))
        await store.stubDeletion(with: deletionError)

        await #expect(throws: deletionError) {
            try await sut.validateCache()
        }
        #expect(await store.receivedMessages == [.retrieve, .deleteCachedFeed])
    }

    // MARK: - Helpers

    private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: { Self.fixedCurrentDate })
        return (sut, store)
    }
}
