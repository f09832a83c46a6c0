import EssentialFeed
import Foundation
import Testing

/// The contract of `FeedStore` and `FeedImageDataStore`, written once and run
/// against every store in `StoreFactory.all`.
@Suite("Feed store specs")
final class FeedStoreSpecs {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    // MARK: - Retrieve

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversNothingOnEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_hasNoSideEffectsOnEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        #expect(try await sut.retrieve() == nil)
        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversFoundValuesOnNonEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        let timestamp = anyTimestamp()

        try await sut.insert(feed, timestamp: timestamp)

        #expect(try await sut.retrieve() == CachedFeed(feed: feed, timestamp: timestamp))
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversEachImagesTextsCountsAndAuthor_alsoByIDAfterReplacement(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let described = LocalFeedImage(
            id: UUID(), description: nil, location: nil, url: anyURL(), alternativeText: "A lighthouse at sunset", commentCount: 4,
            author: User(username: "maria.silva", name: "Maria Silva"), likeCount: 7, contentWarning: "Heights",
            editedAt: Date(timeIntervalSince1970: 1_795_855_200))
        let feed = [described, uniqueImage()]

        try await sut.insert(feed, timestamp: anyTimestamp())
        #expect(try await sut.retrieve()?.feed == feed)

        try await sut.insert([uniqueImage()], timestamp: anyTimestamp())
        #expect(try await sut.retrieve(imageWithID: described.id) == described)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversEachAuthorsPicture_alsoByIDAfterReplacement(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let avatar = Avatar(
            thumbURL: anyURL().appending(path: "t.jpg"), smallURL: anyURL().appending(path: "s.jpg"), averageColor: "#102030", blurHash: "LEHV6nWB2yk8")
        let pictured = LocalFeedImage(
            id: UUID(), description: nil, location: nil, url: anyURL(), author: User(username: "rita", name: "Rita", avatar: avatar))
        let feed = [pictured, uniqueImage()]

        try await sut.insert(feed, timestamp: anyTimestamp())
        #expect(try await sut.retrieve()?.feed.first?.author?.avatar == avatar)

        try await sut.insert([uniqueImage()], timestamp: anyTimestamp())
        #expect(try await sut.retrieve(imageWithID: pictured.id) == pictured)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversEachImagesPhotoDetailsAndDate_alsoByIDAfterReplacement(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let photo = LocalFeedPhoto(
            width: 1080, height: 1350, averageColor: "#3A5F8C", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
            urls: ["thumb": anyURL().appending(path: "t.jpg"), "full": anyURL().appending(path: "f.jpg")])
        let detailed = LocalFeedImage(
            id: UUID(), description: nil, location: nil, url: anyURL(), photo: photo, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let feed = [detailed, uniqueImage()]

        try await sut.insert(feed, timestamp: anyTimestamp())
        #expect(try await sut.retrieve()?.feed == feed)

        try await sut.insert([uniqueImage()], timestamp: anyTimestamp())
        #expect(try await sut.retrieve(imageWithID: detailed.id) == detailed)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_hasNoSideEffectsOnNonEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let cached = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())

        try await sut.insert(cached.feed, timestamp: cached.timestamp)

        #expect(try await sut.retrieve() == cached)
        #expect(try await sut.retrieve() == cached)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversImagesInTheOrderTheyWereInserted(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = (0..<50).map { _ in uniqueImage() }

        try await sut.insert(feed, timestamp: anyTimestamp())

        #expect(try await sut.retrieve()?.feed == feed)
    }

    @Test(arguments: StoreFactory.all)
    func retrieve_deliversAnEmptyFeedWhenAnEmptyFeedWasInserted(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        try await sut.insert([], timestamp: anyTimestamp())

        #expect(try await sut.retrieve() == CachedFeed(feed: [], timestamp: anyTimestamp()))
    }

    // MARK: - Insert

    @Test(arguments: StoreFactory.all)
    func insert_overridesPreviouslyInsertedCacheValues(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let latest = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp().addingTimeInterval(1))

        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(latest.feed, timestamp: latest.timestamp)

        #expect(try await sut.retrieve() == latest)
    }

    @Test(arguments: StoreFactory.all)
    func insert_acceptsAFeedThatRepeatsAnImage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let image = uniqueImage()
        let feed = [image, uniqueImage(), image]

        try await sut.insert(feed, timestamp: anyTimestamp())

        #expect(try await sut.retrieve()?.feed == feed)
    }

    // MARK: - Delete

    @Test(arguments: StoreFactory.all)
    func insert_keepsTheEntityTagWithTheFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let cached = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp(), entityTag: "\"first-page\"")

        try await sut.insert(cached.feed, timestamp: cached.timestamp, entityTag: cached.entityTag)

        #expect(try await sut.retrieve() == cached)
    }

    @Test(arguments: StoreFactory.all)
    func insert_withoutEntityTag_replacesThePreviousTag(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp(), entityTag: "\"old\"")

        try await sut.insert(feed, timestamp: anyTimestamp(), entityTag: nil)

        #expect(try await sut.retrieve()?.entityTag == nil)
    }

    @Test(arguments: StoreFactory.all)
    func renewCache_changesOnlyTheTimestamp(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        let imageData = Data("image".utf8)
        try await sut.insert(feed, timestamp: anyTimestamp(), entityTag: "\"tag\"")
        try await sut.insert(imageData, for: feed[0].url)
        let renewedAt = anyTimestamp().addingTimeInterval(3_600)

        try await sut.renewCache(timestamp: renewedAt)

        #expect(try await sut.retrieve() == CachedFeed(feed: feed, timestamp: renewedAt, entityTag: "\"tag\""))
        #expect(try await sut.retrieve(dataForURL: feed[0].url) == imageData)
    }

    @Test(arguments: StoreFactory.all)
    func renewCache_onEmptyCache_leavesItEmpty(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        try await sut.renewCache(timestamp: anyTimestamp())

        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func delete_hasNoSideEffectsOnEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func delete_emptiesPreviouslyInsertedCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func insert_afterDelete_deliversTheNewFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let latest = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.deleteCachedFeed()

        try await sut.insert(latest.feed, timestamp: latest.timestamp)

        #expect(try await sut.retrieve() == latest)
    }

    // MARK: - Concurrency

    @Test(arguments: StoreFactory.all)
    func concurrentInsertsAndRetrieves_alwaysDeliverOneWholeInsertedFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feeds = (0..<20).map { index in
            CachedFeed(feed: (0..<10).map { _ in uniqueImage() }, timestamp: anyTimestamp().addingTimeInterval(Double(index)))
        }
        try await sut.insert(feeds[0].feed, timestamp: feeds[0].timestamp)

        let retrieved = try await withThrowingTaskGroup(of: CachedFeed?.self) { group in
            for cached in feeds.dropFirst() {
                group.addTask {
                    try await sut.insert(cached.feed, timestamp: cached.timestamp)
                    return nil
                }
                group.addTask { try await sut.retrieve() }
                group.addTask { try await sut.retrieve() }
            }
            var retrieved: [CachedFeed] = []
            for try await result in group {
                if let result { retrieved.append(result) }
            }
            return retrieved
        }

        #expect(retrieved.count == 2 * (feeds.count - 1))
        for cached in retrieved {
            #expect(feeds.contains(cached), "a retrieve delivered a feed that was never inserted whole")
        }
        let last = try #require(try await sut.retrieve())
        #expect(feeds.contains(last))
    }

    // MARK: - Image data

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversNotFoundOnEmptyStore(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        #expect(try await sut.retrieve(dataForURL: anyURL()) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversNotFoundWhenStoredDataURLDoesNotMatch(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        try await sut.insert(anyData(), for: URL(string: "https://a-url.com/image")!)

        #expect(try await sut.retrieve(dataForURL: URL(string: "https://another-url.com/image")!) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversStoredDataForURLInTheCachedFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        let data = Data("image bytes".utf8)
        try await sut.insert(feed, timestamp: anyTimestamp())

        try await sut.insert(data, for: feed[1].url)

        #expect(try await sut.retrieve(dataForURL: feed[1].url) == data)
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversStoredDataForURLNotInAnyFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let url = uniqueURL()
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        try await sut.insert(anyData(), for: url)

        #expect(try await sut.retrieve(dataForURL: url) == anyData())
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversLastInsertedData(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let url = anyURL()
        let last = Data("last".utf8)

        try await sut.insert(Data("first".utf8), for: url)
        try await sut.insert(last, for: url)

        #expect(try await sut.retrieve(dataForURL: url) == last)
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImageData_deliversDataByteForByte(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let empty = uniqueURL()
        let large = uniqueURL()
        let largeData = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        try await sut.insert(Data(), for: empty)
        try await sut.insert(largeData, for: large)

        #expect(try await sut.retrieve(dataForURL: empty) == Data())
        #expect(try await sut.retrieve(dataForURL: large) == largeData)
    }

    @Test(arguments: StoreFactory.all)
    func deleteCachedFeed_keepsImageData(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())
        try await sut.insert(anyData(), for: feed[0].url)

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve(dataForURL: feed[0].url) == anyData())
    }

    @Test(arguments: StoreFactory.all)
    func insert_keepsImageDataOfImagesStillInTheNewFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let kept = uniqueImage()
        try await sut.insert([uniqueImage(), kept], timestamp: anyTimestamp())
        try await sut.insert(anyData(), for: kept.url)

        try await sut.insert([kept, uniqueImage()], timestamp: anyTimestamp())

        #expect(try await sut.retrieve(dataForURL: kept.url) == anyData())
    }

    @Test(arguments: StoreFactory.all)
    func insert_keepsImageDataOfTheReplacedFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let replaced = uniqueImage()
        let neverInAFeed = uniqueURL()
        try await sut.insert([replaced], timestamp: anyTimestamp())
        try await sut.insert(anyData(), for: replaced.url)
        try await sut.insert(anyData(), for: neverInAFeed)

        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        #expect(try await sut.retrieve(dataForURL: replaced.url) == anyData())
        #expect(try await sut.retrieve(dataForURL: neverInAFeed) == anyData())
    }

    // MARK: - Atomic replacement

    @Test(arguments: StoreFactory.all)
    func concurrentReplacementsAndPageReads_neverDeliverAnEmptyOrMixedPage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feeds = (0..<20).map { _ in (0..<10).map { _ in uniqueImage() } }
        try await sut.insert(feeds[0], timestamp: anyTimestamp())

        let pages = try await withThrowingTaskGroup(of: [LocalFeedImage]?.self) { group in
            for feed in feeds.dropFirst() {
                group.addTask {
                    try await sut.insert(feed, timestamp: anyTimestamp())
                    return nil
                }
                group.addTask { try await sut.retrieve(after: nil, limit: 5)?.feed ?? [] }
            }
            var pages: [[LocalFeedImage]] = []
            for try await page in group {
                if let page { pages.append(page) }
            }
            return pages
        }

        #expect(pages.count == feeds.count - 1)
        for page in pages {
            #expect(feeds.contains { Array($0.prefix(5)) == page }, "a reader saw a page that no inserted feed starts with")
        }
    }

    @Test(arguments: StoreFactory.all)
    func cancelledReplacement_leavesThePreviousOrTheNewFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let previous = CachedFeed(feed: (0..<200).map { _ in uniqueImage() }, timestamp: anyTimestamp())
        let new = CachedFeed(feed: (0..<200).map { _ in uniqueImage() }, timestamp: anyTimestamp().addingTimeInterval(1))
        try await sut.insert(previous.feed, timestamp: previous.timestamp)

        for _ in 0..<20 {
            let save = Task { try await sut.insert(new.feed, timestamp: new.timestamp) }
            save.cancel()
            _ = await save.result
            let cached = try await sut.retrieve()
            #expect(cached == previous || cached == new)
            try await sut.insert(previous.feed, timestamp: previous.timestamp)
        }
    }

    // MARK: - Helpers

    private func makeSUT(_ factory: StoreFactory) throws -> any FeedCacheStore {
        try factory.make(directory)
    }
}
