import EssentialFeed
import Foundation
import Testing

/// The error paths of the store contract, run against every store that can
/// fail (`FailableStoreFactory.all`): a failing operation throws and changes
/// nothing.
@Suite("Failable feed store specs")
final class FailableFeedStoreSpecs {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test(arguments: FailableStoreFactory.all)
    func retrieve_deliversFailureOnRetrievalError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try faults.makeRetrievalsFail()

        await #expect(throws: (any Error).self) { try await sut.retrieve() }
    }

    @Test(arguments: FailableStoreFactory.all)
    func retrieve_hasNoSideEffectsOnFailure(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try faults.makeRetrievalsFail()

        await #expect(throws: (any Error).self) { try await sut.retrieve() }
        await #expect(throws: (any Error).self) { try await sut.retrieve() }
    }

    @Test(arguments: FailableStoreFactory.all)
    func insert_deliversErrorOnInsertionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try faults.makeFeedInsertionsFail()

        await #expect(throws: (any Error).self) {
            try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        }
    }

    @Test(arguments: FailableStoreFactory.all)
    func insert_hasNoSideEffectsOnEmptyCacheOnInsertionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try faults.makeFeedInsertionsFail()

        try? await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())

        #expect(try await sut.retrieve() == nil)
    }

    @Test(arguments: FailableStoreFactory.all)
    func insert_keepsThePreviousCacheAndImageDataOnInsertionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        let previous = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(previous.feed, timestamp: previous.timestamp)
        try await sut.insert(anyData(), for: previous.feed[0].url)
        try faults.makeFeedInsertionsFail()

        try? await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp().addingTimeInterval(1))

        #expect(try await sut.retrieve() == previous)
        #expect(try await sut.retrieve(dataForURL: previous.feed[0].url) == anyData())
    }

    @Test(arguments: FailableStoreFactory.all)
    func append_deliversErrorAndKeepsThePreviousCacheOnInsertionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        let previous = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp(), entityTag: "\"tag\"")
        try await sut.insert(previous.feed, timestamp: previous.timestamp, entityTag: previous.entityTag)
        try faults.makeFeedInsertionsFail()

        await #expect(throws: (any Error).self) {
            _ = try await sut.append([uniqueImage(), uniqueImage()], after: previous.feed[0].id)
        }

        #expect(try await sut.retrieve() == previous)
    }

    @Test(arguments: FailableStoreFactory.all)
    func delete_deliversErrorOnDeletionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try faults.makeFeedDeletionsFail()

        await #expect(throws: (any Error).self) { try await sut.deleteCachedFeed() }
    }

    @Test(arguments: FailableStoreFactory.all)
    func delete_keepsThePreviousCacheOnDeletionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        let previous = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(previous.feed, timestamp: previous.timestamp)
        try faults.makeFeedDeletionsFail()

        try? await sut.deleteCachedFeed()

        #expect(try await sut.retrieve() == previous)
    }

    @Test(arguments: FailableStoreFactory.all)
    func retrieveImageData_deliversFailureOnRetrievalError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        try await sut.insert(anyData(), for: anyURL())
        try faults.makeRetrievalsFail()

        await #expect(throws: (any Error).self) { try await sut.retrieve(dataForURL: anyURL()) }
    }

    @Test(arguments: FailableStoreFactory.all)
    func insertImageData_deliversErrorAndKeepsThePreviousDataOnInsertionError(_ factory: FailableStoreFactory) async throws {
        let (sut, faults) = try makeSUT(factory)
        let url = anyURL()
        try await sut.insert(Data("previous".utf8), for: url)
        try faults.makeImageDataInsertionsFail()

        await #expect(throws: (any Error).self) { try await sut.insert(Data("new".utf8), for: url) }
        await #expect(throws: (any Error).self) { try await sut.insert(anyData(), for: uniqueURL()) }

        #expect(try await sut.retrieve(dataForURL: url) == Data("previous".utf8))
    }

    // MARK: - Helpers

    private func makeSUT(_ factory: FailableStoreFactory) throws -> (any FeedCacheStore, any StoreFaults) {
        try factory.make(directory)
    }
}
