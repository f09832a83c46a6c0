import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Testing

/// The cache use cases on separate `GRDBFeedStore` instances on one file, as
/// two launches of the app would see it.
@Suite("Feed cache integration")
final class FeedCacheIntegrationTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    // MARK: - LocalFeedLoader

    @Test func load_deliversNoItemsOnEmptyCache() async throws {
        let feedLoader = try makeFeedLoader()

        #expect(try await feedLoader.load() == [])
    }

    @Test func load_deliversItemsSavedOnASeparateInstance() async throws {
        let feedLoaderToPerformSave = try makeFeedLoader()
        let feedLoaderToPerformLoad = try makeFeedLoader()
        let feed = uniqueFeed()

        try await feedLoaderToPerformSave.save(feed)

        #expect(try await feedLoaderToPerformLoad.load() == feed)
    }

    @Test func load_deliversItemsSavedByAnInstanceThatIsGone() async throws {
        let feed = uniqueFeed()
        do {
            try await makeFeedLoader().save(feed)
        }

        #expect(try await makeFeedLoader().load() == feed)
    }

    @Test func save_overridesItemsSavedOnASeparateInstance() async throws {
        let feedLoaderToPerformFirstSave = try makeFeedLoader()
        let feedLoaderToPerformLastSave = try makeFeedLoader()
        let feedLoaderToPerformLoad = try makeFeedLoader()
        let latestFeed = uniqueFeed()

        try await feedLoaderToPerformFirstSave.save(uniqueFeed())
        try await feedLoaderToPerformLastSave.save(latestFeed)

        #expect(try await feedLoaderToPerformLoad.load() == latestFeed)
    }

    @Test func validateCache_doesNotDeleteRecentlySavedFeed() async throws {
        let feedLoaderToPerformSave = try makeFeedLoader()
        let feedLoaderToPerformValidation = try makeFeedLoader()
        let feed = uniqueFeed()

        try await feedLoaderToPerformSave.save(feed)
        try await feedLoaderToPerformValidation.validateCache()

        #expect(try await makeFeedLoader().load() == feed)
    }

    @Test func validateCache_deletesFeedSavedInADistantPast() async throws {
        let now = anyTimestamp()
        let feedLoaderToPerformSave = try makeFeedLoader(currentDate: { now.addingTimeInterval(-30 * 24 * 60 * 60) })
        let feedLoaderToPerformValidation = try makeFeedLoader(currentDate: { now })

        try await feedLoaderToPerformSave.save(uniqueFeed())
        try await feedLoaderToPerformValidation.validateCache()

        let store = try makeStore()
        #expect(try await store.retrieve() == nil)
    }

    // MARK: - LocalFeedImageDataLoader

    @Test func loadImageData_deliversSavedDataOnASeparateInstance() async throws {
        let imageLoaderToPerformSave = try makeImageLoader()
        let imageLoaderToPerformLoad = try makeImageLoader()
        let feedLoader = try makeFeedLoader()
        let image = uniqueFeed()[0]
        let data = Data("image bytes".utf8)
        try await feedLoader.save([image])

        try await imageLoaderToPerformSave.save(data, for: image.url)

        #expect(try await imageLoaderToPerformLoad.loadImageData(from: image.url) == data)
    }

    @Test func saveImageData_overridesSavedImageDataOnASeparateInstance() async throws {
        let imageLoaderToPerformFirstSave = try makeImageLoader()
        let imageLoaderToPerformLastSave = try makeImageLoader()
        let imageLoaderToPerformLoad = try makeImageLoader()
        let image = uniqueFeed()[0]
        try await makeFeedLoader().save([image])

        try await imageLoaderToPerformFirstSave.save(Data("first".utf8), for: image.url)
        try await imageLoaderToPerformLastSave.save(Data("last".utf8), for: image.url)

        #expect(try await imageLoaderToPerformLoad.loadImageData(from: image.url) == Data("last".utf8))
    }

    @Test func saveFeed_onASeparateInstance_keepsImageDataOfTheReplacedFeed() async throws {
        let replaced = uniqueFeed()[0]
        try await makeFeedLoader().save([replaced])
        try await makeImageLoader().save(Data("replaced".utf8), for: replaced.url)

        try await makeFeedLoader().save(uniqueFeed())

        #expect(try await makeImageLoader().loadImageData(from: replaced.url) == Data("replaced".utf8))
    }

    @Test func imageDataUse_recordedByOneInstance_isKeptOverDataUsedLessRecently() async throws {
        let (used, unused) = (uniqueURL(), uniqueURL())
        let capacity = 250
        let writer = try GRDBFeedStore(path: directory.file().path, imageDataCapacity: capacity)
        try await writer.insert(Data(repeating: 1, count: 100), for: used)
        try await writer.insert(Data(repeating: 2, count: 100), for: unused)
        _ = try await writer.retrieve(dataForURL: used)

        try await writer.insert(Data(repeating: 3, count: 100), for: uniqueURL())

        let reader = try GRDBFeedStore(path: directory.file().path, imageDataCapacity: capacity)
        #expect(try await reader.retrieve(dataForURL: used) != nil)
        #expect(try await reader.retrieve(dataForURL: unused) == nil)
    }

    // MARK: - Stores side by side

    @Test func concurrentSavesFromTwoInstances_leaveOneWholeFeed() async throws {
        let first = try makeStore()
        let second = try makeStore()
        let feeds = (0..<10).map { index in
            CachedFeed(feed: (0..<5).map { _ in uniqueImage() }, timestamp: anyTimestamp().addingTimeInterval(Double(index)))
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, cached) in feeds.enumerated() {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.insert(cached.feed, timestamp: cached.timestamp) }
            }
            try await group.waitForAll()
        }

        let loaded = try #require(try await makeStore().retrieve())
        #expect(feeds.contains(loaded))
    }

    // MARK: - Helpers

    private func makeStore() throws -> GRDBFeedStore {
        try GRDBFeedStore(path: directory.file().path)
    }

    private func makeFeedLoader(currentDate: @escaping @Sendable () -> Date = anyTimestamp) throws -> LocalFeedLoader {
        LocalFeedLoader(store: try makeStore(), currentDate: currentDate)
    }

    private func makeImageLoader() throws -> LocalFeedImageDataLoader {
        LocalFeedImageDataLoader(store: try makeStore())
    }

    private func uniqueFeed() -> [FeedImage] {
        uniqueImageFeed().map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
    }
}
