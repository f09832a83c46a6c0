import EssentialFeed
import Foundation
import LogRecording
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedServiceTests {
    @Test func loadFeed_deliversRemoteFeedAndReplacesTheCache() async throws {
        let oldFeed = [uniqueImage()]
        let remoteFeed = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeSUT(client: .online { _ in (feedJSON(remoteFeed), 200) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(oldFeed)

        let page = try await sut.loadFeed()

        #expect(page.value.items == remoteFeed)
        #expect(page.value.loadMore != nil)
        #expect(try await cachedFeed(in: store) == remoteFeed)
    }

    @Test func loadFeed_asksForTheFirstPage() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([]), 200) }
        let (sut, _) = makeSUT(client: client)

        _ = try await sut.loadFeed()

        #expect(client.requestedURLs == [FeedEndpoint.get().url(baseURL: apiBaseURL)])
    }

    @Test func loadFeed_withoutCache_asksUnconditionallyAndKeepsTheNewEntityTag() async throws {
        let remoteFeed = [uniqueImage()]
        let client = HTTPClientStub { url in
            (feedJSON(remoteFeed), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["ETag": "\"v2\""])!)
        }
        let (sut, store) = makeSUT(client: client)

        _ = try await sut.loadFeed()

        #expect(client.requestedHeaders == [[:]])
        #expect(await store.retrieve()?.entityTag == "\"v2\"")
    }

    @Test func loadFeed_asksWhetherTheCachedFirstPageChanged() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([]), 200) }
        let (sut, store) = makeSUT(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([uniqueImage()], entityTag: "\"v1\"")

        _ = try await sut.loadFeed()

        #expect(client.requestedHeaders == [["If-None-Match": "\"v1\""]])
    }

    @Test func loadFeed_onNotModified_deliversTheCachedFirstPageAndOnlyRenewsTheCache() async throws {
        let cachedFeed = (0..<(FeedEndpoint.pageSize + 5)).map { _ in uniqueImage() }
        let store = FeedStoreRecorder()
        let sut = makeSUT(client: .online { _ in (Data(), 304) }, store: store)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -6) }).save(cachedFeed, entityTag: "\"v1\"")
        await store.forgetMessages()

        let page = try await sut.loadFeed()

        #expect(page.value.items == Array(cachedFeed.prefix(FeedEndpoint.pageSize)))
        #expect(page.value.loadMore != nil)
        #expect(await store.messages == ["retrievePage", "renewCache"])
        let renewed = try await store.retrieve()
        #expect(renewed?.timestamp == fixedNow)
        #expect(renewed?.entityTag == "\"v1\"")
        #expect(renewed?.feed.map(\.id) == cachedFeed.map(\.id))
    }

    @Test func loadFeed_onNotModifiedWithoutValidCache_failsAsInvalidData() async throws {
        let (sut, store) = makeSUT(client: .online { _ in (Data(), 304) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()], entityTag: "\"v1\"")

        await #expect(throws: FeedItemsMapper.Error.invalidData) {
            try await sut.loadFeed()
        }
    }

    @Test func loadFeed_concurrentLoads_shareOneAPIRequest() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeSUT(client: client)
        let feed = [uniqueImage()]

        let loads = (0..<5).map { _ in Task { try await sut.loadFeed().value.items } }
        await apiRequest.waitForPendingLoad()
        await sut.firstPages.waitUntil(waiters: loads.count, for: sut.feedRevision)
        await apiRequest.complete(with: .success(feedJSON(feed)))

        for load in loads {
            #expect(try await load.value == feed)
        }
        #expect(client.requestedURLs.count == 1)
    }

    @Test func loadFeed_askedForAfterTheFeedChanged_doesNotJoinALoadThatBeganBefore() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeSUT(client: client)
        let before = [uniqueImage()]
        let after = [uniqueImage()] + before

        let earlierLoad = Task { try await sut.loadFeed().value.items }
        await apiRequest.waitForPendingLoad()
        sut.feedChanged()
        let laterLoad = Task { try await sut.loadFeed().value.items }
        await apiRequest.waitUntil(pendingLoads: 2)
        await apiRequest.complete(with: .success(feedJSON(before)))
        await apiRequest.complete(with: .success(feedJSON(after)))

        #expect(try await earlierLoad.value == before)
        #expect(try await laterLoad.value == after)
        #expect(client.requestedURLs.count == 2)
    }

    @Test func loadFeed_deliversTheValidCacheOnRemoteFailure() async throws {
        let cached = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7, seconds: 1) }).save(cached)

        let page = try await sut.loadFeed()

        #expect(page.value.items == cached)
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

        #expect(page.value.items.isEmpty)
        #expect(page.value.loadMore == nil)
    }

    @Test func loadMore_deliversTheNextRemotePageAndAppendsItToTheCache() async throws {
        let firstPage = [uniqueImage(), uniqueImage()]
        let secondPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? secondPage : firstPage), 200)
        }
        let (sut, store) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        let page = try await sut.loadMore(after: firstPage[1].id)

        #expect(page.value.items == secondPage)
        #expect(page.value.loadMore != nil)
        #expect(page.offlineCacheSavedAt == nil)
        #expect(try await cachedFeed(in: store) == firstPage + secondPage)
        #expect(client.requestedURLs.last == FeedEndpoint.get(after: firstPage[1]).url(baseURL: apiBaseURL))
    }

    @Test func loadMore_onlyAppendsThePage() async throws {
        let firstPage = [uniqueImage()]
        let store = FeedStoreRecorder()
        let sut = makeSUT(client: .online { _ in (feedJSON([uniqueImage()]), 200) }, store: store)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(firstPage, entityTag: "\"v1\"")
        await store.forgetMessages()

        _ = try await sut.loadMore(after: firstPage[0].id)

        #expect(await store.messages == ["append"])
        #expect(try await store.retrieve()?.entityTag == "\"v1\"")
    }

    @Test func loadMore_afterAnImageAReplacedFeedHad_deliversTheAPIsPageWithoutCachingIt() async throws {
        let shownByAnotherTab = uniqueImage()
        let newFeed = [uniqueImage()]
        let nextPage = [uniqueImage()]
        let (sut, store) = makeSUT(client: .online { _ in (feedJSON(nextPage), 200) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(newFeed)

        let page = try await sut.loadMore(after: shownByAnotherTab.id)

        #expect(page.value.items == nextPage)
        #expect(try await cachedFeed(in: store) == newFeed)
    }

    @Test func loadMore_reachesTheEndOnAnEmptyPage() async throws {
        let firstPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? [] : firstPage), 200)
        }
        let (sut, store) = makeSUT(client: client)
        _ = try await sut.loadFeed()

        let page = try await sut.loadMore(after: firstPage[0].id)

        #expect(page.value.items == [])
        #expect(page.value.loadMore == nil)
        #expect(try await cachedFeed(in: store) == firstPage)
    }

    @Test func loadMore_whenTheAPICannotBeReached_deliversTheCachedPageAfterTheImage() async throws {
        let cached = (0..<25).map { _ in uniqueImage() }
        let savedAt = fixedNow.adding(days: -1)
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let page = try await sut.loadMore(after: cached[9].id)

        #expect(page.value.items == Array(cached[10..<20]))
        #expect(page.value.loadMore != nil)
        #expect(page.offlineCacheSavedAt == savedAt)
    }

    @Test func loadMore_whenTheAPICannotBeReachedAndTheCacheHasNothingAfterTheImage_fails() async throws {
        let cached = [uniqueImage()]
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        await #expect(throws: ConnectivityError.self) { try await sut.loadMore(after: cached[0].id) }
        await #expect(throws: ConnectivityError.self) { try await sut.loadMore(after: UUID()) }
    }

    @Test func loadMore_afterAnImageTheAPIDoesNotKnow_failsAsNotFoundEvenWithACache() async throws {
        let cached = (0..<20).map { _ in uniqueImage() }
        let (sut, store) = makeSUT(client: .online { _ in (Data("{}".utf8), 404) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        await #expect(throws: ResourceNotFoundError()) { try await sut.loadMore(after: cached[9].id) }
    }

    @Test func loadFeed_whenTheAPICannotBeReached_deliversTheCachedFirstPageSayingWhenItWasSaved() async throws {
        let cached = (0..<25).map { _ in uniqueImage() }
        let savedAt = fixedNow.adding(days: -2)
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let page = try await sut.loadFeed()

        #expect(page.value.items == Array(cached.prefix(FeedEndpoint.pageSize)))
        #expect(page.offlineCacheSavedAt == savedAt)
        let next = try await page.value.loadMore?()
        #expect(next?.items == Array(cached[10..<20]))
    }

    @Test func loadFeed_fromTheAPI_isNotOffline() async throws {
        let (sut, _) = makeSUT(client: .online { _ in (feedJSON([uniqueImage()]), 200) })

        #expect(try await sut.loadFeed().offlineCacheSavedAt == nil)
    }

    @Test func loadComments_ofAnImageTheAPIDoesNotKnow_failsAsNotFound() async throws {
        let (sut, _) = makeSUT(client: .online { _ in (Data("{}".utf8), 404) })

        await #expect(throws: ResourceNotFoundError()) { try await sut.loadComments(for: UUID()) }
    }

    @Test func loadImageData_ofAnImageOfAReplacedFeed_stillLoads() async throws {
        let replaced = uniqueImage()
        let client = HTTPClientStub.online { url in
            url == replaced.url ? (pngData, 200) : (feedJSON([uniqueImage()]), 200)
        }
        let (sut, store) = makeSUT(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([replaced])
        _ = try await sut.loadFeed()

        #expect(try await sut.loadImageData(for: replaced.id) == pngData)
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

    @Test func loadComments_concurrentLoadsOfOneImage_shareOneAPIRequest() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeSUT(client: client)
        let imageID = UUID()

        let loads = (0..<3).map { _ in Task { try await sut.loadComments(for: imageID).map(\.message) } }
        await apiRequest.waitForPendingLoad()
        await sut.comments.waitUntil(waiters: loads.count, for: imageID)
        await apiRequest.complete(with: .success(commentsJSON([("hello", "ana", "2020-05-20T11:24:59+0000")])))

        for load in loads {
            #expect(try await load.value == ["hello"])
        }
        #expect(client.requestedURLs.count == 1)
    }

    @Test func validateCache_deletesTheExpiredCache() async throws {
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        await sut.validateCache()

        #expect(await store.retrieve() == nil)
    }

    @Test func upstreamFailures_areLoggedWithTheirCause_forTheFeedTheCommentsAndACacheFallback() async throws {
        let log = LogRecorder()
        let store = InMemoryFeedStore()
        let sut = makeSUT(client: .offline, store: store, logger: log.logger)

        _ = try? await sut.loadFeed()
        _ = try? await sut.loadComments(for: UUID())
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([uniqueImage()])
        _ = try await sut.loadFeed()

        let lines = log.linesWithMetadata
        #expect(lines.contains { $0.hasPrefix("The feed could not be loaded from the API") && $0.contains("error=") })
        #expect(lines.contains { $0.hasPrefix("Comments could not be loaded from the API") && $0.contains("error=") && $0.contains("image=") })
        #expect(lines.contains { $0.hasPrefix("Showing the cached feed: the API could not be loaded") && $0.contains("error=") })
    }

    // MARK: - One photo

    @Test func loadPhoto_deliversTheAPIsItem_freshEvenWhenCached() async throws {
        let cached = uniqueImage()
        let remote = FeedImage(id: cached.id, description: "now described", location: nil, url: cached.url, commentCount: 4)
        let client = HTTPClientStub.online { _ in (itemJSON(remote), 200) }
        let (sut, store) = makeSUT(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([cached])

        let photo = try await sut.loadPhoto(withID: cached.id)

        #expect(photo.value == remote)
        #expect(photo.offlineCacheSavedAt == nil)
        #expect(client.requestedURLs == [FeedItemEndpoint.get(cached.id).url(baseURL: apiBaseURL)])
    }

    @Test func loadPhoto_whenTheAPIIsUnreachable_deliversTheCachedItemSayingSinceWhen_andFailsForOneNotCached() async throws {
        let cached = [uniqueImage(), uniqueImage()]
        let savedAt = fixedNow.adding(days: -1)
        let (sut, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let photo = try await sut.loadPhoto(withID: cached[1].id)

        #expect(photo.value == cached[1])
        #expect(photo.offlineCacheSavedAt == savedAt)
        await #expect(throws: ConnectivityError.self) { try await sut.loadPhoto(withID: UUID()) }
    }

    @Test func loadPhoto_doesNotStandInWithACacheOlderThanSevenDays_orForAPhotoTheAPISaysDoesNotExist() async throws {
        let cached = [uniqueImage()]
        let (offline, store) = makeSUT(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save(cached)
        await #expect(throws: ConnectivityError.self) { try await offline.loadPhoto(withID: cached[0].id) }

        let (sut, freshStore) = makeSUT(client: .online { _ in (Data(), 404) })
        try await LocalFeedLoader(store: freshStore, currentDate: { fixedNow }).save(cached)
        await #expect(throws: ResourceNotFoundError.self) { try await sut.loadPhoto(withID: cached[0].id) }
    }

    @Test func loadRandomPhoto_deliversTheAPIsChoice_andNothingWhenTheAPIFails() async throws {
        let chosen = uniqueImage()
        let client = HTTPClientStub.online { _ in (itemJSON(chosen), 200) }
        let (sut, _) = makeSUT(client: client)

        #expect(await sut.loadRandomPhoto() == chosen)
        #expect(client.requestedURLs == [FeedItemEndpoint.random.url(baseURL: apiBaseURL)])

        let (offline, _) = makeSUT(client: .offline)
        #expect(await offline.loadRandomPhoto() == nil)
        let (empty, _) = makeSUT(client: .online { _ in (Data(), 404) })
        #expect(await empty.loadRandomPhoto() == nil)
    }

    @Test func loadImageData_findsTheAddressOfAPhotoSeenOnlyOnItsOwn() async throws {
        let chosen = uniqueImage()
        let imageData = Data("image bytes".utf8)
        let client = HTTPClientStub.online { url in
            url == chosen.url ? (imageData, 200) : (itemJSON(chosen), 200)
        }
        let (sut, _) = makeSUT(client: client)
        await #expect(throws: FeedService.Error.unknownImage) { try await sut.loadImageData(for: chosen.id) }

        _ = await sut.loadRandomPhoto()

        #expect(try await sut.loadImageData(for: chosen.id) == imageData)
    }

    @Test func neighbours_areThePhotosBeforeAndAfterInTheCachedFeed_loadingTheNextPageAtItsEnd() async throws {
        let cached = [uniqueImage(), uniqueImage(), uniqueImage()]
        let nextPage = [uniqueImage()]
        let client = HTTPClientStub.online { _ in (feedJSON(nextPage), 200) }
        let (sut, store) = makeSUT(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        #expect(await sut.neighbours(of: cached[1].id) == FeedService.Neighbours(previous: cached[0].id, next: cached[2].id))
        #expect(await sut.neighbours(of: cached[0].id) == FeedService.Neighbours(previous: nil, next: cached[1].id))
        #expect(client.requestedURLs.isEmpty)

        #expect(await sut.neighbours(of: cached[2].id) == FeedService.Neighbours(previous: cached[1].id, next: nextPage[0].id))
        #expect(client.requestedURLs == [FeedEndpoint.url(baseURL: apiBaseURL, afterImageWithID: cached[2].id)])
        #expect(await sut.neighbours(of: UUID()) == FeedService.Neighbours(previous: nil, next: nil))
    }

    // MARK: - Helpers

    private func makeSUT(client: HTTPClientStub, store: any FeedStore & FeedImageDataStore, logger: Logger = Logger(label: "test")) -> FeedService {
        FeedService(
            httpClient: client,
            baseURL: apiBaseURL,
            localFeedLoader: LocalFeedLoader(store: store, currentDate: { fixedNow }),
            localImageLoader: LocalFeedImageDataLoader(store: store),
            logger: logger
        )
    }

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

/// An in-memory store that records which of its operations were called.
private actor FeedStoreRecorder: FeedStore, FeedImageDataStore {
    private let store: any FeedStore & FeedImageDataStore = InMemoryFeedStore()
    private(set) var messages: [String] = []

    func forgetMessages() { messages = [] }

    func deleteCachedFeed() async throws {
        messages.append("deleteCachedFeed")
        try await store.deleteCachedFeed()
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
        try await insert(feed, timestamp: timestamp, entityTag: nil)
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws {
        messages.append("insert")
        try await store.insert(feed, timestamp: timestamp, entityTag: entityTag)
    }

    func retrieve() async throws -> CachedFeed? {
        messages.append("retrieve")
        return try await store.retrieve()
    }

    func renewCache(timestamp: Date) async throws {
        messages.append("renewCache")
        try await store.renewCache(timestamp: timestamp)
    }

    func append(_ page: [LocalFeedImage], after imageID: UUID) async throws -> Bool {
        messages.append("append")
        return try await store.append(page, after: imageID)
    }

    func retrieve(after imageID: UUID?, limit: Int) async throws -> CachedFeed? {
        messages.append("retrievePage")
        return try await store.retrieve(after: imageID, limit: limit)
    }

    func retrieve(imageWithID id: UUID) async throws -> LocalFeedImage? {
        messages.append("retrieveImage")
        return try await store.retrieve(imageWithID: id)
    }

    func insert(_ data: Data, for url: URL) async throws {
        try await store.insert(data, for: url)
    }

    func retrieve(dataForURL url: URL) async throws -> Data? {
        try await store.retrieve(dataForURL: url)
    }
}
