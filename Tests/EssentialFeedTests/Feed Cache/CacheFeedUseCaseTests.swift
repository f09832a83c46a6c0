import EssentialFeed
import Foundation
import Testing

@Suite struct CacheFeedUseCaseTests {
    @Test func init_doesNotMessageStoreUponCreation() async {
        let (_, store) = makeSUT()

        #expect(await store.receivedMessages == [])
    }

    /// One replacement, never a deletion and then an insertion: a reader between the two,
    /// or a save cancelled or killed between them, would find no feed at all.
    @Test func save_requestsOneReplacementOfTheCacheWithTheCurrentTimestamp() async throws {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        let feed = uniqueFeedImages()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(feed.models)

        #expect(await store.receivedMessages == [.insert(feed.local, timestamp)])
    }

    @Test func save_withEntityTag_requestsInsertionKeepingTheTag() async throws {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        let feed = uniqueFeedImages()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(feed.models, entityTag: "\"page-1\"")

        #expect(await store.receivedMessages == [.insert(feed.local, timestamp, entityTag: "\"page-1\"")])
    }

    @Test func renewCache_requestsOnlyATimestampRenewalAtTheCurrentDate() async throws {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.renewCache()

        #expect(await store.receivedMessages == [.renewCache(timestamp)])
    }

    @Test func renewCache_failsOnRenewalError() async {
        let (sut, store) = makeSUT()
        let renewalError = anyNSError()
        await store.stubRenewal(with: renewalError)

        await #expect(throws: renewalError) {
            try await sut.renewCache()
        }
    }

    @Test func save_failsOnInsertionError() async {
        let (sut, store) = makeSUT()
        let insertionError = anyNSError()
        await store.stubInsertion(with: insertionError)

        await #expect(throws: insertionError) {
            try await sut.save(uniqueFeedImages().models)
        }
    }

    @Test func save_succeedsOnSuccessfulCacheInsertion() async {
        let (sut, _) = makeSUT()

        await #expect(throws: Never.self) {
            try await sut.save(uniqueFeedImages().models)
        }
    }

    // MARK: - Helpers

    private func makeSUT(
        currentDate: @escaping @Sendable () -> Date = Date.init
    ) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: currentDate)
        return (sut, store)
    }
}
