import EssentialFeed
import Foundation
import Testing

/// Load-more and images without reading or writing the whole cached feed.
@Suite struct PagedFeedCacheUseCaseTests {
    private static let fixedCurrentDate = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func append_requestsOnlyTheAppendOfThePageAfterTheImage() async throws {
        let (sut, store) = makeSUT()
        let page = uniqueFeedImages()
        let imageID = UUID()

        _ = try await sut.append(page.models, after: imageID)

        #expect(await store.receivedMessages == [.append(page.local, after: imageID)])
    }

    @Test(arguments: [true, false])
    func append_deliversWhetherTheCachedFeedHadTheImage(_ hadImage: Bool) async throws {
        let (sut, store) = makeSUT()
        await store.stubAppend(with: .success(hadImage))

        #expect(try await sut.append(uniqueFeedImages().models, after: UUID()) == hadImage)
    }

    @Test func append_failsOnStoreError() async {
        let (sut, store) = makeSUT()
        let error = anyNSError()
        await store.stubAppend(with: .failure(error))

        await #expect(throws: error) { _ = try await sut.append(uniqueFeedImages().models, after: UUID()) }
    }

    @Test func loadValidCachePage_requestsOnlyThatPage() async throws {
        let (sut, store) = makeSUT()
        let imageID = UUID()

        _ = try await sut.loadValidCache(after: imageID, limit: 10)

        #expect(await store.receivedMessages == [.retrievePage(after: imageID, limit: 10)])
    }

    @Test func loadValidCachePage_deliversThePageWithEntityTagAndSaveDateWhileValid() async throws {
        let (sut, store) = makeSUT()
        let page = uniqueFeedImages()
        let timestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: 1)
        await store.stubPageRetrieval(with: .success(CachedFeed(feed: page.local, timestamp: timestamp, entityTag: "\"v1\"")))

        let cache = try await sut.loadValidCache(after: nil, limit: 10)

        #expect(cache == LocalFeedLoader.ValidCache(feed: page.models, entityTag: "\"v1\"", savedAt: timestamp))
    }

    @Test(arguments: [0, -1] as [TimeInterval])
    func loadValidCachePage_deliversNothingOnceExpired(_ secondsFromExpiration: TimeInterval) async throws {
        let (sut, store) = makeSUT()
        let timestamp = Self.fixedCurrentDate.minusFeedCacheMaxAge().adding(seconds: secondsFromExpiration)
        await store.stubPageRetrieval(with: .success(CachedFeed(feed: uniqueFeedImages().local, timestamp: timestamp)))

        #expect(try await sut.loadValidCache(after: UUID(), limit: 10) == nil)
    }

    @Test func loadValidCachePage_deliversNothingWhenTheStoreHasNoSuchPage() async throws {
        let (sut, store) = makeSUT()
        await store.stubPageRetrieval(with: .success(nil))

        #expect(try await sut.loadValidCache(after: UUID(), limit: 10) == nil)
    }

    @Test func cachedImage_deliversTheStoresImageWithTheID() async throws {
        let (sut, store) = makeSUT()
        let image = uniqueFeedImages()
        await store.stubImageRetrieval(with: .success(image.local[1]))

        let found = try await sut.cachedImage(withID: image.local[1].id)

        #expect(found == image.models[1])
        #expect(await store.receivedMessages == [.retrieveImage(image.local[1].id)])
    }

    @Test func cachedImage_deliversNothingForAnUnknownID() async throws {
        let (sut, _) = makeSUT()

        #expect(try await sut.cachedImage(withID: UUID()) == nil)
    }

    private func makeSUT() -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: { Self.fixedCurrentDate })
        return (sut, store)
    }
}
