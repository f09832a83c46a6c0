import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Testing

typealias FeedCacheStore = FeedStore & FeedImageDataStore

/// One way of making a store under test. Every store implementation adds one
/// factory to `all`, and the shared specs run against it.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// A store that keeps at most the given number of image bytes.
    let makeBounded: @Sendable (TemporaryDirectory, Int) throws -> any FeedCacheStore

    var testDescription: String { name }

    func make(_ directory: TemporaryDirectory) throws -> any FeedCacheStore {
        try makeBounded(directory, 64 * 1024 * 1024)
    }

    static let all: [StoreFactory] = [
        .grdbInMemory,
        .grdbOnFile,
        .inMemoryFeedStore
    ]

    static let inMemoryFeedStore = StoreFactory(name: "InMemoryFeedStore") { _, capacity in
        InMemoryFeedStore(imageDataCapacity: capacity)
    }

    static let grdbInMemory = StoreFactory(name: "GRDBFeedStore in memory") { _, capacity in
        try GRDBFeedStore.inMemory(imageDataCapacity: capacity)
    }

    static let grdbOnFile = StoreFactory(name: "GRDBFeedStore on a file") { directory, capacity in
        try GRDBFeedStore(path: directory.file().path, imageDataCapacity: capacity)
    }
}

/// A store together with the means to make its next operations fail, for the
/// specs of the error paths. Only stores that can fail have one.
struct FailableStoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (TemporaryDirectory) throws -> (store: any FeedCacheStore, faults: any StoreFaults)

    var testDescription: String { name }

    static let all: [FailableStoreFactory] = [
        FailableStoreFactory(name: "GRDBFeedStore on a file") { directory in
            let path = directory.file().path
            return (try GRDBFeedStore(path: path), try GRDBStoreFaults(path: path))
        }
    ]
}

/// Breaks a store from the outside, as a damaged disk or another process would.
protocol StoreFaults: Sendable {
    func makeRetrievalsFail() throws
    func makeFeedInsertionsFail() throws
    func makeFeedDeletionsFail() throws
    func makeImageDataInsertionsFail() throws
}
