import EssentialFeed
import Foundation
import Testing

/// A photo deleted at its source is forgotten by the cache: its item and its bytes, also by
/// stores written before stores could forget one image.
@Suite struct ForgetDeletedImageUseCaseTests {
    private static let fixedCurrentDate = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func forgetImage_deliversTheImageAsCached_andDeletesItFromAWholeFeedStore() async throws {
        let (sut, store) = makeSUT()
        let feed = uniqueFeedImages()
        let deleted = feed.local[1]
        await store.stubImageRetrieval(with: .success(deleted))
        await store.stubRetrieval(with: CachedFeed(feed: feed.local, timestamp: Self.fixedCurrentDate, entityTag: "\"tag\""))

        let forgotten = try await sut.forgetImage(withID: deleted.id)

        #expect(forgotten == feed.models[1])
        #expect(
            await store.receivedMessages == [
                .retrieveImage(deleted.id), .retrieve, .insert(feed.local.filter { $0.id != deleted.id }, Self.fixedCurrentDate, entityTag: "\"tag\"")
            ])
    }

    @Test func forgetImage_ofAnImageTheCacheDoesNotHave_savesNothing() async throws {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(with: CachedFeed(feed: uniqueFeedImages().local, timestamp: Self.fixedCurrentDate))
        let unknown = UUID()

        #expect(try await sut.forgetImage(withID: unknown) == nil)
        #expect(await store.receivedMessages == [.retrieveImage(unknown), .retrieve])
    }

    @Test func forgetImage_failsOnStoreError() async {
        let (sut, store) = makeSUT()
        let error = anyNSError()
        await store.stubRetrieval(with: error)

        await #expect(throws: error) { try await sut.forgetImage(withID: UUID()) }
    }

    @Test func deleteData_onAStoreThatCannotDelete_leavesNoBytesToServe() async throws {
        let store = FeedImageDataStoreSpy()
        let sut = LocalFeedImageDataLoader(store: store)
        let url = anyURL()

        try await sut.deleteData(for: url)

        #expect(await store.receivedMessages == [.insert(data: Data(), for: url)])
        await store.stubRetrieval(with: Data())
        await #expect(throws: LocalFeedImageDataLoader.LoadError.notFound) { try await sut.loadImageData(from: url) }
    }

    @Test func deleteData_failsOnStoreError() async {
        let store = FeedImageDataStoreSpy()
        await store.stubInsertion(with: anyNSError())

        await #expect(throws: LocalFeedImageDataLoader.SaveError.failed) {
            try await LocalFeedImageDataLoader(store: store).deleteData(for: anyURL())
        }
    }

    private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        return (LocalFeedLoader(store: store, currentDate: { Self.fixedCurrentDate }), store)
    }
}
