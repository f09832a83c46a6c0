import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Testing

/// Separate store instances on one file, as two launches of the app would see it.
@Suite("Feed cache integration")
final class FeedCacheIntegrationTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func load_deliversNoFeedOnAFreshFile() async throws {
        let sutToLoad = try makeSUT()

        #expect(try await sutToLoad.retrieve() == nil)
    }

    @Test func load_deliversTheFeedSavedByAnotherInstance() async throws {
        let sutToSave = try makeSUT()
        let sutToLoad = try makeSUT()
        let saved = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())

        try await sutToSave.insert(saved.feed, timestamp: saved.timestamp)

        #expect(try await sutToLoad.retrieve() == saved)
    }

    @Test func load_deliversTheFeedSavedByAnInstanceThatIsGone() async throws {
        let saved = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        do {
            let sutToSave = try makeSUT()
            try await sutToSave.insert(saved.feed, timestamp: saved.timestamp)
        }

        let sutToLoad = try makeSUT()

        #expect(try await sutToLoad.retrieve() == saved)
    }

    @Test func save_overridesTheFeedSavedByAnotherInstance() async throws {
        let sutToPerformFirstSave = try makeSUT()
        let sutToPerformLastSave = try makeSUT()
        let sutToLoad = try makeSUT()
        let latest = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp().addingTimeInterval(1))

        try await sutToPerformFirstSave.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try await sutToPerformLastSave.insert(latest.feed, timestamp: latest.timestamp)

        #expect(try await sutToLoad.retrieve() == latest)
    }

    @Test func validate_deletionByAnotherInstanceEmptiesTheCache() async throws {
        let sutToSave = try makeSUT()
        let sutToDelete = try makeSUT()
        let sutToLoad = try makeSUT()
        try await sutToSave.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        try await sutToDelete.deleteCachedFeed()

        #expect(try await sutToLoad.retrieve() == nil)
    }

    @Test func loadImageData_deliversDataSavedByAnotherInstance() async throws {
        let sutToSave = try makeSUT()
        let sutToLoad = try makeSUT()
        let feed = uniqueImageFeed()
        try await sutToSave.insert(feed, timestamp: anyTimestamp())

        try await sutToSave.insert(anyData(), for: feed[0].url)

        #expect(try await sutToLoad.retrieve(dataForURL: feed[0].url) == anyData())
    }

    @Test func saveImageData_overridesDataSavedByAnotherInstance() async throws {
        let sutToPerformFirstSave = try makeSUT()
        let sutToPerformLastSave = try makeSUT()
        let sutToLoad = try makeSUT()
        let url = anyURL()

        try await sutToPerformFirstSave.insert(Data("first".utf8), for: url)
        try await sutToPerformLastSave.insert(Data("last".utf8), for: url)

        #expect(try await sutToLoad.retrieve(dataForURL: url) == Data("last".utf8))
    }

    @Test func concurrentSavesFromTwoInstances_leaveOneWholeFeed() async throws {
        let first = try makeSUT()
        let second = try makeSUT()
        let feeds = (0..<10).map { index in
            CachedFeed(feed: (0..<5).map { _ in uniqueImage() }, timestamp: anyTimestamp().addingTimeInterval(Double(index)))
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, cached) in feeds.enumerated() {
                let sut = index.isMultiple(of: 2) ? first : second
                group.addTask { try await sut.insert(cached.feed, timestamp: cached.timestamp) }
            }
            try await group.waitForAll()
        }

        let loaded = try #require(try await makeSUT().retrieve())
        #expect(feeds.contains(loaded))
    }

    // MARK: - Helpers

    private func makeSUT() throws -> GRDBFeedStore {
        try GRDBFeedStore(path: directory.file().path)
    }
}
