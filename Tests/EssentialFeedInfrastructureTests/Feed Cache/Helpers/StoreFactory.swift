import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Testing

typealias FeedCacheStore = FeedStore & FeedImageDataStore

/// One way of making a store under test. Every store implementation adds one
/// factory to `all`, and the shared specs run against it.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (TemporaryDirectory) throws -> any FeedCacheStore

    var testDescription: String { name }

    static let all: [StoreFactory] = [
        .grdbInMemory,
        .grdbOnFile,
        .inMemoryFeedStore,
    ]

    static let inMemoryFeedStore = StoreFactory(name: "InMemoryFeedStore") { _ in
        InMemoryFeedStore()
    }

    static let grdbInMemory = StoreFactory(name: "GRDBFeedStore in memory") { _ in
        try GRDBFeedStore.inMemory()
    }

    static let grdbOnFile = StoreFactory(name: "GRDBFeedStore on a file") { directory in
        try GRDBFeedStore(path: directory.file().path)
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
