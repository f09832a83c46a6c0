import EssentialFeed
import Foundation
import Testing

/// The parts of the store contract that keep a deep feed cheap and pages on screen
/// working: appending a page, reading a page, finding an image by id, and the bound on
/// image bytes. Run against every store in `StoreFactory.all`.
@Suite("Incremental feed store specs")
final class IncrementalFeedStoreSpecs {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    // MARK: - Append

    @Test(arguments: StoreFactory.all)
    func append_addsThePageAfterTheImageKeepingTimestampAndEntityTag(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let firstPage = uniqueImageFeed()
        let nextPage = uniqueImageFeed()
        try await sut.insert(firstPage, timestamp: anyTimestamp(), entityTag: "\"first\"")

        let appended = try await sut.append(nextPage, after: firstPage[2].id)

        #expect(appended)
        #expect(try await sut.retrieve() == CachedFeed(feed: firstPage + nextPage, timestamp: anyTimestamp(), entityTag: "\"first\""))
    }

    @Test(arguments: StoreFactory.all)
    func append_dropsTheImagesThatFollowedTheImage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        let page = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())

        _ = try await sut.append(page, after: feed[0].id)

        #expect(try await sut.retrieve()?.feed == [feed[0]] + page)
    }

    @Test(arguments: StoreFactory.all)
    func append_goesAfterTheLastAppearanceOfARepeatedImage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let repeated = uniqueImage()
        let feed = [repeated, uniqueImage(), repeated, uniqueImage()]
        let page = [uniqueImage()]
        try await sut.insert(feed, timestamp: anyTimestamp())

        _ = try await sut.append(page, after: repeated.id)

        #expect(try await sut.retrieve()?.feed == Array(feed.prefix(3)) + page)
    }

    @Test(arguments: StoreFactory.all)
    func append_afterAnImageNotInTheFeed_changesNothing(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let cached = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(cached.feed, timestamp: cached.timestamp)

        let appended = try await sut.append(uniqueImageFeed(), after: UUID())

        #expect(!appended)
        #expect(try await sut.retrieve() == cached)
    }

    @Test(arguments: StoreFactory.all)
    func append_onEmptyCache_changesNothing(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        let appended = try await sut.append(uniqueImageFeed(), after: UUID())

        #expect(!appended)
        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: StoreFactory.all)
    func concurrentAppendsAndReads_alwaysDeliverTheFirstPage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let firstPage = (0..<10).map { _ in uniqueImage() }
        try await sut.insert(firstPage, timestamp: anyTimestamp())

        let reads = try await withThrowingTaskGroup(of: [LocalFeedImage]?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    _ = try await sut.append((0..<10).map { _ in uniqueImage() }, after: firstPage[9].id)
                    return nil
                }
                group.addTask { try await sut.retrieve(after: nil, limit: 10)?.feed }
            }
            var reads: [[LocalFeedImage]] = []
            for try await read in group {
                if let read { reads.append(read) }
            }
            return reads
        }

        #expect(reads == Array(repeating: firstPage, count: 20))
    }

    // MARK: - Forgetting one image

    @Test(arguments: StoreFactory.all)
    func deleteImage_forgetsItInTheCachedFeedAndInReplacedFeeds_keepingTheOthersInOrder(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let replaced = uniqueImageFeed()
        try await sut.insert(replaced, timestamp: anyTimestamp())
        let deleted = uniqueImage()
        let feed = [uniqueImage(), deleted, uniqueImage(), deleted, uniqueImage()]
        try await sut.insert(feed, timestamp: anyTimestamp(), entityTag: "\"tag\"")

        try await sut.deleteImage(withID: deleted.id)
        try await sut.deleteImage(withID: replaced[1].id)

        let remaining = feed.filter { $0.id != deleted.id }
        #expect(try await sut.retrieve() == CachedFeed(feed: remaining, timestamp: anyTimestamp(), entityTag: "\"tag\""))
        #expect(try await sut.retrieve(imageWithID: deleted.id) == nil)
        #expect(try await sut.retrieve(imageWithID: replaced[1].id) == nil)
        #expect(try await sut.retrieve(imageWithID: replaced[0].id) == replaced[0], "the other replaced images stay findable")
        #expect(try await sut.retrieve(after: remaining[0].id, limit: 2)?.feed == Array(remaining[1...2]))
        #expect(try await sut.retrieve(imageBefore: remaining[1].id) == remaining[0])
        #expect(try await sut.append([uniqueImage()], after: deleted.id) == false)
    }

    @Test(arguments: StoreFactory.all)
    func deleteImage_ofAnUnknownImageOrOnAnEmptyCache_changesNothing(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        try await sut.deleteImage(withID: UUID())
        #expect(try await sut.retrieve() == nil)

        let cached = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(cached.feed, timestamp: cached.timestamp)
        try await sut.deleteImage(withID: UUID())
        #expect(try await sut.retrieve() == cached)
    }

    @Test(arguments: StoreFactory.all)
    func deleteData_forgetsTheBytesOfThatURLOnly(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let (deleted, kept) = (URL(string: "https://a.test/deleted.jpg")!, URL(string: "https://a.test/kept.jpg")!)
        try await sut.insert(bytes(10), for: deleted)
        try await sut.insert(bytes(20), for: kept)

        try await sut.deleteData(forURL: deleted)
        try await sut.deleteData(forURL: URL(string: "https://a.test/never-stored.jpg")!)

        #expect(try await sut.retrieve(dataForURL: deleted) == nil)
        #expect(try await sut.retrieve(dataForURL: kept) == bytes(20))
    }

    // MARK: - The image before another

    @Test(arguments: StoreFactory.all)
    func retrieveImageBefore_deliversThePreviousImageInFeedOrder_andNothingAtTheStartOrForAnUnknownImage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        #expect(try await sut.retrieve(imageBefore: UUID()) == nil)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())
        let page = uniqueImageFeed()
        _ = try await sut.append(page, after: feed[1].id)

        #expect(try await sut.retrieve(imageBefore: feed[1].id) == feed[0])
        #expect(try await sut.retrieve(imageBefore: page[0].id) == feed[1])
        #expect(try await sut.retrieve(imageBefore: feed[0].id) == nil)
        #expect(try await sut.retrieve(imageBefore: UUID()) == nil)
    }

    // MARK: - Read a page

    @Test(arguments: StoreFactory.all)
    func retrievePage_deliversNothingOnEmptyCache(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)

        #expect(try await sut.retrieve(after: nil, limit: 10) == nil)
        #expect(try await sut.retrieve(after: UUID(), limit: 10) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrievePage_deliversAtMostTheLimitFromTheStartWithTimestampAndEntityTag(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = (0..<25).map { _ in uniqueImage() }
        try await sut.insert(feed, timestamp: anyTimestamp(), entityTag: "\"tag\"")

        let page = try await sut.retrieve(after: nil, limit: 10)

        #expect(page == CachedFeed(feed: Array(feed.prefix(10)), timestamp: anyTimestamp(), entityTag: "\"tag\""))
    }

    @Test(arguments: StoreFactory.all)
    func retrievePage_deliversTheImagesAfterTheImage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = (0..<25).map { _ in uniqueImage() }
        try await sut.insert(feed, timestamp: anyTimestamp())

        #expect(try await sut.retrieve(after: feed[9].id, limit: 10)?.feed == Array(feed[10..<20]))
        #expect(try await sut.retrieve(after: feed[19].id, limit: 10)?.feed == Array(feed[20...]))
        #expect(try await sut.retrieve(after: feed[24].id, limit: 10)?.feed == [])
    }

    @Test(arguments: StoreFactory.all)
    func retrievePage_afterAnImageNotInTheFeed_deliversNothing(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        #expect(try await sut.retrieve(after: UUID(), limit: 10) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrievePage_readsAnAppendedPage(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let firstPage = uniqueImageFeed()
        let nextPage = uniqueImageFeed()
        try await sut.insert(firstPage, timestamp: anyTimestamp())
        _ = try await sut.append(nextPage, after: firstPage[2].id)

        #expect(try await sut.retrieve(after: firstPage[2].id, limit: 10)?.feed == nextPage)
    }

    // MARK: - Find an image by id

    @Test(arguments: StoreFactory.all)
    func retrieveImage_deliversTheCachedImageWithTheID(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())

        #expect(try await sut.retrieve(imageWithID: feed[1].id) == feed[1])
        #expect(try await sut.retrieve(imageWithID: UUID()) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImage_findsImagesOfAReplacedFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let replaced = uniqueImageFeed()
        try await sut.insert(replaced, timestamp: anyTimestamp())

        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        #expect(try await sut.retrieve(imageWithID: replaced[2].id) == replaced[2])
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImage_findsImagesAnAppendDropped(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())

        _ = try await sut.append(uniqueImageFeed(), after: feed[0].id)

        #expect(try await sut.retrieve(imageWithID: feed[2].id) == feed[2])
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImage_findsImagesOfADeletedFeed(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let feed = uniqueImageFeed()
        try await sut.insert(feed, timestamp: anyTimestamp())

        try await sut.deleteCachedFeed()

        #expect(try await sut.retrieve(imageWithID: feed[0].id) == feed[0])
    }

    @Test(arguments: StoreFactory.all)
    func retrieveImage_deliversTheCachedVersionOfAnImageThatChanged(_ factory: StoreFactory) async throws {
        let sut = try makeSUT(factory)
        let id = UUID()
        let old = LocalFeedImage(id: id, description: "old", location: nil, url: uniqueURL())
        let new = LocalFeedImage(id: id, description: "new", location: nil, url: uniqueURL())
        try await sut.insert([old], timestamp: anyTimestamp())

        try await sut.insert([new], timestamp: anyTimestamp())

        #expect(try await sut.retrieve(imageWithID: id) == new)
    }

    // MARK: - Bounded image data

    @Test(arguments: StoreFactory.all)
    func insertImageData_overTheBound_letsGoOfTheLeastRecentlyUsedFirst(_ factory: StoreFactory) async throws {
        let sut = try factory.makeBounded(directory, 300)
        let (first, second, third) = (uniqueURL(), uniqueURL(), uniqueURL())
        try await sut.insert(bytes(100), for: first)
        try await sut.insert(bytes(100), for: second)
        try await sut.insert(bytes(100), for: third)
        _ = try await sut.retrieve(dataForURL: first)

        try await sut.insert(bytes(100), for: uniqueURL())

        #expect(try await sut.retrieve(dataForURL: second) == nil)
        #expect(try await sut.retrieve(dataForURL: first) == bytes(100))
        #expect(try await sut.retrieve(dataForURL: third) == bytes(100))
    }

    @Test(arguments: StoreFactory.all)
    func insertImageData_keepsTheTotalWithinTheBound(_ factory: StoreFactory) async throws {
        let sut = try factory.makeBounded(directory, 1_000)
        let urls = (0..<50).map { _ in uniqueURL() }

        for url in urls {
            try await sut.insert(bytes(90), for: url)
        }

        var kept = 0
        for url in urls where try await sut.retrieve(dataForURL: url) != nil {
            kept += 1
        }
        #expect(kept == 11)
        #expect(try await sut.retrieve(dataForURL: urls[49]) == bytes(90))
    }

    @Test(arguments: StoreFactory.all)
    func insertImageData_largerThanTheBound_isNotKeptAndEvictsNothing(_ factory: StoreFactory) async throws {
        let sut = try factory.makeBounded(directory, 300)
        let kept = uniqueURL()
        let tooLarge = uniqueURL()
        try await sut.insert(bytes(100), for: kept)

        try await sut.insert(bytes(301), for: tooLarge)

        #expect(try await sut.retrieve(dataForURL: tooLarge) == nil)
        #expect(try await sut.retrieve(dataForURL: kept) == bytes(100))
    }

    @Test(arguments: StoreFactory.all)
    func insertImageData_replacingDataOfAURL_countsOnlyTheNewData(_ factory: StoreFactory) async throws {
        let sut = try factory.makeBounded(directory, 300)
        let (replaced, other) = (uniqueURL(), uniqueURL())
        try await sut.insert(bytes(200), for: replaced)
        try await sut.insert(bytes(100), for: replaced)

        try await sut.insert(bytes(200), for: other)

        #expect(try await sut.retrieve(dataForURL: replaced) == bytes(100))
        #expect(try await sut.retrieve(dataForURL: other) == bytes(200))
    }

    // MARK: - Helpers

    private func makeSUT(_ factory: StoreFactory) throws -> any FeedCacheStore {
        try factory.make(directory)
    }

    private func bytes(_ count: Int) -> Data {
        Data(repeating: 0xA5, count: count)
    }
}
