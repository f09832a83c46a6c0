import EssentialFeed
import Foundation
import LogRecording
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedPagesTests {
    @Test func loadFeed_deliversRemoteFeedAndReplacesTheCache() async throws {
        let oldFeed = [uniqueImage()]
        let remoteFeed = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeFeedParts(client: .online { _ in (feedJSON(remoteFeed), 200) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(oldFeed)

        let page = try await sut.pages.loadFeed()

        #expect(page.value.items == remoteFeed)
        #expect(page.value.loadMore != nil)
        #expect(try await cachedFeed(in: store) == remoteFeed)
    }

    @Test func loadFeed_asksForTheFirstPage() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([]), 200) }
        let (sut, _) = makeFeedParts(client: client)

        _ = try await sut.pages.loadFeed()

        #expect(client.requestedURLs == [FeedEndpoint.get().url(baseURL: apiBaseURL)])
    }

    @Test func loadFeed_withoutCache_asksUnconditionallyAndKeepsTheNewEntityTag() async throws {
        let remoteFeed = [uniqueImage()]
        let client = HTTPClientStub { url in
            (feedJSON(remoteFeed), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["ETag": "\"v2\""])!)
        }
        let (sut, store) = makeFeedParts(client: client)

        _ = try await sut.pages.loadFeed()

        #expect(client.requestedHeaders == [[:]])
        #expect(await store.retrieve()?.entityTag == "\"v2\"")
    }

    @Test func loadFeed_asksWhetherTheCachedFirstPageChanged() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([]), 200) }
        let (sut, store) = makeFeedParts(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([uniqueImage()], entityTag: "\"v1\"")

        _ = try await sut.pages.loadFeed()

        #expect(client.requestedHeaders == [["If-None-Match": "\"v1\""]])
    }

    @Test func loadFeed_onNotModified_deliversTheCachedFirstPageAndOnlyRenewsTheCache() async throws {
        let cachedFeed = (0..<(FeedEndpoint.pageSize + 5)).map { _ in uniqueImage() }
        let store = FeedStoreRecorder()
        let sut = makeFeedParts(client: .online { _ in (Data(), 304) }, store: store)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -6) }).save(cachedFeed, entityTag: "\"v1\"")
        await store.forgetMessages()

        let page = try await sut.pages.loadFeed()

        #expect(page.value.items == Array(cachedFeed.prefix(FeedEndpoint.pageSize)))
        #expect(page.value.loadMore != nil)
        #expect(await store.messages == ["retrievePage", "renewCache"])
        let renewed = try await store.retrieve()
        #expect(renewed?.timestamp == fixedNow)
        #expect(renewed?.entityTag == "\"v1\"")
        #expect(renewed?.feed.map(\.id) == cachedFeed.map(\.id))
    }

    @Test func loadFeed_onNotModifiedWithoutValidCache_failsAsInvalidData() async throws {
        let (sut, store) = makeFeedParts(client: .online { _ in (Data(), 304) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()], entityTag: "\"v1\"")

        await #expect(throws: FeedItemsMapper.Error.invalidData) {
            try await sut.pages.loadFeed()
        }
    }

    @Test func loadFeed_concurrentLoads_shareOneAPIRequest() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeFeedParts(client: client)
        let feed = [uniqueImage()]

        let loads = (0..<5).map { _ in Task { try await sut.pages.loadFeed().value.items } }
        await apiRequest.waitForPendingLoad()
        await sut.pages.firstPages.waitUntil(waiters: loads.count, for: sut.pages.feedRevision)
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
        let (sut, _) = makeFeedParts(client: client)
        let before = [uniqueImage()]
        let after = [uniqueImage()] + before

        let earlierLoad = Task { try await sut.pages.loadFeed().value.items }
        await apiRequest.waitForPendingLoad()
        sut.pages.feedChanged()
        let laterLoad = Task { try await sut.pages.loadFeed().value.items }
        await apiRequest.waitUntil(pendingLoads: 2)
        await apiRequest.complete(with: .success(feedJSON(before)))
        await apiRequest.complete(with: .success(feedJSON(after)))

        #expect(try await earlierLoad.value == before)
        #expect(try await laterLoad.value == after)
        #expect(client.requestedURLs.count == 2)
    }

    @Test func loadFeed_deliversTheValidCacheOnRemoteFailure() async throws {
        let cached = [uniqueImage(), uniqueImage()]
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7, seconds: 1) }).save(cached)

        let page = try await sut.pages.loadFeed()

        #expect(page.value.items == cached)
    }

    @Test func loadFeed_failsOnRemoteFailureWithExpiredCache() async throws {
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        await #expect(throws: ConnectivityError.self) { try await sut.pages.loadFeed() }
    }

    @Test func loadFeed_failsOnRemoteFailureWithEmptyCache() async throws {
        let (sut, _) = makeFeedParts(client: .online { _ in (Data("not json".utf8), 200) })

        await #expect(throws: FeedItemsMapper.Error.invalidData) { try await sut.pages.loadFeed() }
    }

    @Test func loadFeed_deliversAnEmptyRemoteFeedWithNoMorePages() async throws {
        let (sut, _) = makeFeedParts(client: .online { _ in (feedJSON([]), 200) })

        let page = try await sut.pages.loadFeed()

        #expect(page.value.items.isEmpty)
        #expect(page.value.loadMore == nil)
    }

    @Test func loadMore_deliversTheNextRemotePageAndAppendsItToTheCache() async throws {
        let firstPage = [uniqueImage(), uniqueImage()]
        let secondPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? secondPage : firstPage), 200)
        }
        let (sut, store) = makeFeedParts(client: client)
        _ = try await sut.pages.loadFeed()

        let page = try await sut.pages.loadMore(after: firstPage[1].id)

        #expect(page.value.items == secondPage)
        #expect(page.value.loadMore != nil)
        #expect(page.offlineCacheSavedAt == nil)
        #expect(try await cachedFeed(in: store) == firstPage + secondPage)
        #expect(client.requestedURLs.last == FeedEndpoint.get(after: firstPage[1]).url(baseURL: apiBaseURL))
    }

    @Test func loadMore_onlyAppendsThePage() async throws {
        let firstPage = [uniqueImage()]
        let store = FeedStoreRecorder()
        let sut = makeFeedParts(client: .online { _ in (feedJSON([uniqueImage()]), 200) }, store: store)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(firstPage, entityTag: "\"v1\"")
        await store.forgetMessages()

        _ = try await sut.pages.loadMore(after: firstPage[0].id)

        #expect(await store.messages == ["append"])
        #expect(try await store.retrieve()?.entityTag == "\"v1\"")
    }

    @Test func loadMore_afterAnImageAReplacedFeedHad_deliversTheAPIsPageWithoutCachingIt() async throws {
        let shownByAnotherTab = uniqueImage()
        let newFeed = [uniqueImage()]
        let nextPage = [uniqueImage()]
        let (sut, store) = makeFeedParts(client: .online { _ in (feedJSON(nextPage), 200) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(newFeed)

        let page = try await sut.pages.loadMore(after: shownByAnotherTab.id)

        #expect(page.value.items == nextPage)
        #expect(try await cachedFeed(in: store) == newFeed)
    }

    @Test func loadMore_reachesTheEndOnAnEmptyPage() async throws {
        let firstPage = [uniqueImage()]
        let client = HTTPClientStub.online { url in
            (feedJSON(url.query?.contains("after_id") == true ? [] : firstPage), 200)
        }
        let (sut, store) = makeFeedParts(client: client)
        _ = try await sut.pages.loadFeed()

        let page = try await sut.pages.loadMore(after: firstPage[0].id)

        #expect(page.value.items == [])
        #expect(page.value.loadMore == nil)
        #expect(try await cachedFeed(in: store) == firstPage)
    }

    @Test func loadMore_whenTheAPICannotBeReached_deliversTheCachedPageAfterTheImage() async throws {
        let cached = (0..<25).map { _ in uniqueImage() }
        let savedAt = fixedNow.adding(days: -1)
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let page = try await sut.pages.loadMore(after: cached[9].id)

        #expect(page.value.items == Array(cached[10..<20]))
        #expect(page.value.loadMore != nil)
        #expect(page.offlineCacheSavedAt == savedAt)
    }

    @Test func loadMore_whenTheAPICannotBeReachedAndTheCacheHasNothingAfterTheImage_fails() async throws {
        let cached = [uniqueImage()]
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        await #expect(throws: ConnectivityError.self) { try await sut.pages.loadMore(after: cached[0].id) }
        await #expect(throws: ConnectivityError.self) { try await sut.pages.loadMore(after: UUID()) }
    }

    @Test func loadMore_afterAnImageTheAPIDoesNotKnow_failsAsNotFoundEvenWithACache() async throws {
        let cached = (0..<20).map { _ in uniqueImage() }
        let (sut, store) = makeFeedParts(client: .online { _ in (Data("{}".utf8), 404) })
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        await #expect(throws: ResourceNotFoundError()) { try await sut.pages.loadMore(after: cached[9].id) }
    }

    @Test func loadFeed_whenTheAPICannotBeReached_deliversTheCachedFirstPageSayingWhenItWasSaved() async throws {
        let cached = (0..<25).map { _ in uniqueImage() }
        let savedAt = fixedNow.adding(days: -2)
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let page = try await sut.pages.loadFeed()

        #expect(page.value.items == Array(cached.prefix(FeedEndpoint.pageSize)))
        #expect(page.offlineCacheSavedAt == savedAt)
        let next = try await page.value.loadMore?()
        #expect(next?.items == Array(cached[10..<20]))
    }

    @Test func loadFeed_fromTheAPI_isNotOffline() async throws {
        let (sut, _) = makeFeedParts(client: .online { _ in (feedJSON([uniqueImage()]), 200) })

        #expect(try await sut.pages.loadFeed().offlineCacheSavedAt == nil)
    }

    @Test func validateCache_deletesTheExpiredCache() async throws {
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        await sut.pages.validateCache()

        #expect(await store.retrieve() == nil)
    }

    @Test func upstreamFailures_areLoggedWithTheirCause_forTheFeedTheCommentsAndACacheFallback() async throws {
        let log = LogRecorder()
        let store = InMemoryFeedStore()
        let sut = makeFeedParts(client: .offline, store: store, logger: log.logger)

        _ = try? await sut.pages.loadFeed()
        _ = try? await sut.comments.loadComments(for: UUID(), token: nil)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([uniqueImage()])
        _ = try await sut.pages.loadFeed()

        let lines = log.linesWithMetadata
        #expect(lines.contains { $0.hasPrefix("The feed could not be loaded from the API") && $0.contains("error=") })
        #expect(lines.contains { $0.hasPrefix("Comments could not be loaded from the API") && $0.contains("error=") && $0.contains("image=") })
        #expect(lines.contains { $0.hasPrefix("Showing the cached feed: the API could not be loaded") && $0.contains("error=") })
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
