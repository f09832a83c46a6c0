import EssentialFeed
import Foundation
import Logging
import Testing
@testable import EssentialApp

@Suite struct FeedServiceTests {
    @Test func loadFeed_deliversRemoteFeedAndReplacesTheCache() async throws {
        let oldFeed = [uniqueImage()]
        let remoteFeed = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeSUT(client: .online { _ in (feedJSON(remoteFeed), 200) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(oldFeed)

        let page = try await sut.loadFeed()

        #expect(page.items == remoteFeed)
        #expect(page.loadMore != nil)
        #expect(try await cachedFeed(in: store) == remoteFeed)
    }

    @Test func loadFeed_asksForTheFirstPage() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([]), 200) }
        let (sut, _) = makeSUT(client: client)

        _ = try await sut.loadFeed()

        #expect(client.requestedURLs == [FeedEndpoint.get().url(baseURL: apiBaseURL)])
    }

    @Test func loadFeed_deliversTheValidCacheOnRemoteFailure() async throws {
        let cached = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7, seconds: 1) }).save(cached)

        let page = try await sut.loadFeed()

        #expect(page.items == cached)
    }

    @Test func loadFeed_failsOnRemoteFailureWithExpiredCache() async throws {
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        await #expect(throws: ConnectivityError.self) { try await sut.loadFeed() }
    }

    @Test func loadFeed_failsOnRemoteFailureWithEmptyCache() async throws {
        let (sut, _) = makeSUT(client: .online { _ in (Data("not json".utf8), 200) })

        await #expect(throws: FeedItemsMapper.Error.invalidData) { try await sut.loadFeed() }
    }

    @Test func loadFeed_deliversAnEmptyRemoteFeedWithNoMorePages() async throws {
        let (sut, _) = makeSUT(client: .online { _ in (feedJSON([]), 200) })

        let page = try await sut.loadFeed()

        #expect(page.items.isEmpty)
        #expect(page.loadMore == nil)
    }

    @Test func loadMore_appendsTheNextRemotePageAndCachesTheWholeFeed() async throws {
        let firstPage = [uniqueImage(), uniqueImage()]
        let secondPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? secondPage : firstPage), 200)
        }
        let (sut, store) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        let page = try await sut.loadMore(after: firstPage[1].id)

        #expect(page.items == firstPage + secondPage)
        #expect(page.loadMore != nil)
        #expect(try await cachedFeed(in: store) == firstPage + secondPage)
        #expect(client.requestedURLs.last == FeedEndpoint.get(after: firstPage[1]).url(baseURL: apiBaseURL))
    }

    @Test func loadMore_reachesTheEndOnAnEmptyPage() async throws {
        let firstPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? [] : firstPage), 200)
        }
        let (sut, store) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        let page = try await sut.loadMore(after: firstPage[0].id)

        #expect(page.items == firstPage)
        #expect(page.loadMore == nil)
        #expect(try await cachedFeed(in: store) == firstPage)
    }

    @Test func loadMore_failsForAnImageNotInTheFeed() async throws {
        let (sut, _) = makeSUT(client: .online { _ in (feedJSON([]), 200) })

        await #expect(throws: FeedService.Error.unknownImage) { try await sut.loadMore(after: UUID()) }
    }

    @Test func loadImageData_loadsRemoteDataOnceThenFromTheCache() async throws {
        let image = uniqueImage()
        let client = HTTPClientStub.online { url in
            url == image.url ? (pngData, 200) : (feedJSON([image]), 200)
        }
        let (sut, _) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        #expect(try await sut.loadImageData(for: image.id) == pngData)
        #expect(try await sut.loadImageData(for: image.id) == pngData)
        #expect(client.requestedURLs.filter { $0 == image.url }.count == 1)
    }

    @Test func loadImageData_neverFetchesAnImageNotInTheFeed() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([uniqueImage()]), 200) }
        let (sut, _) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        await #expect(throws: FeedService.Error.unknownImage) { try await sut.loadImageData(for: UUID()) }
        #expect(client.requestedURLs.count == 1)
    }

    @Test func loadComments_loadsFromRemoteEveryTime() async throws {
        let imageID = UUID()
        let client = HTTPClientStub.online { _ in (commentsJSON([("a message", "a username", "2020-05-20T11:24:59+0000")]), 200) }
        let (sut, _) = makeSUT(client: client)

        let first = try await sut.loadComments(for: imageID)
        _ = try await sut.loadComments(for: imageID)

        #expect(first.map(\.message) == ["a message"])
        #expect(client.requestedURLs == Array(repeating: ImageCommentsEndpoint.get(imageID).url(baseURL: apiBaseURL), count: 2))
    }

    @Test func validateCache_deletesTheExpiredCache() async throws {
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        await sut.validateCache()

        #expect(await store.retrieve() == nil)
    }

    // MARK: - Helpers

    private func makeSUT(client: HTTPClientStub) -> (FeedService, InMemoryFeedStore) {
        let store = InMemoryFeedStore()
        let sut = FeedService(
            httpClient: client,
            baseURL: apiBaseURL,
            localFeedLoader: LocalFeedLoader(store: store, currentDate: { fixedNow }),
            localImageLoader: LocalFeedImageDataLoader(store: store),
            logger: Logger(label: "test")
        )
        return (sut, store)
    }

    private func cachedFeed(in store: InMemoryFeedStore) async throws -> [FeedImage]? {
        await store.retrieve()?.feed.map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
    }
}
