import EssentialFeed
import Foundation
import Testing

@Suite struct CacheFeedUseCaseTests {
    @Test func init_doesNotMessageStoreUponCreation() async {
        let (_, store) = makeSUT()

        #expect(await store.receivedMessages == [])
    }

    @Test func save_doesNotRequestCacheInsertionOnDeletionError() async {
        let (sut, store) = makeSUT()
        await store.stubDeletion(with: anyNSError())

        _ = try? await sut.save(uniqueFeedImages().models)

        #expect(await store.receivedMessages == [.deleteCachedFeed])
    }

    @Test func save_requestsNewCacheInsertionWithTimestampOnSuccessfulDeletion() async throws {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        let feed = uniqueFeedImages()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(feed.models)

        #expect(await store.receivedMessages == [.deleteCachedFeed, .insert(feed.local, timestamp)])
    }

    @Test func save_withEntityTag_requestsInsertionKeepingTheTag() async throws {
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        let feed = uniqueFeedImages()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(feed.models, entityTag: "\"page-1\"")

        #expect(await store.receivedMessages == [.deleteCachedFeed, .insert(feed.local, timestamp, entityTag: "\"page-1\"")])
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

    @Test func save_failsOnDeletionError() async {
        let (sut, store) = makeSUT()
        let deletionError = anyNSError()
        await store.stubDeletion(with: deletionError)

        await #expect(throws: deletionError) {
            try await sut.save(uniqueFeedImages().models)
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
