import EssentialFeed
import Foundation
import Synchronization

/// The app's cache, started again when damage turns up while the app runs — a page of the
/// file overwritten, a disk that lost a write — as it is when the damage is found at start:
/// the damaged file is set aside and a new cache takes its place, and the operation that
/// met the damage runs once more on it. The cache is disposable; the app keeps serving.
final class SelfHealingFeedStore: FeedStore, FeedImageDataStore, ResourceStore {
    typealias Store = any AppCacheStore

    private struct Current {
        var store: Store
        var generation: Int
    }

    private let current: Mutex<Current>
    private let isDamage: @Sendable (any Error) -> Bool
    private let startAgain: @Sendable () -> Store

    /// - Parameters:
    ///   - isDamage: whether an error says the store's file is damaged.
    ///   - startAgain: sets the damaged cache aside and opens a new one.
    init(store: Store, isDamage: @escaping @Sendable (any Error) -> Bool, startAgain: @escaping @Sendable () -> Store) {
        current = Mutex(Current(store: store, generation: 0))
        self.isDamage = isDamage
        self.startAgain = startAgain
    }

    private func healing<Value>(_ operation: (Store) async throws -> Value) async throws -> Value {
        let (store, generation) = current.withLock { ($0.store, $0.generation) }
        do {
            return try await operation(store)
        } catch  where isDamage(error) {
            return try await operation(replace(generation))
        }
    }

    /// Only the first operation to meet the damage of one store replaces it; the others
    /// run again on the store it started.
    private func replace(_ damagedGeneration: Int) -> Store {
        current.withLock { current in
            if current.generation == damagedGeneration {
                current.store = startAgain()
                current.generation += 1
            }
            return current.store
        }
    }

    func deleteCachedFeed() async throws {
        try await healing { try await $0.deleteCachedFeed() }
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
        try await healing { try await $0.insert(feed, timestamp: timestamp) }
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws {
        try await healing { try await $0.insert(feed, timestamp: timestamp, entityTag: entityTag) }
    }

    func retrieve() async throws -> CachedFeed? {
        try await healing { try await $0.retrieve() }
    }

    func renewCache(timestamp: Date) async throws {
        try await healing { try await $0.renewCache(timestamp: timestamp) }
    }

    func append(_ page: [LocalFeedImage], after imageID: UUID) async throws -> Bool {
        try await healing { try await $0.append(page, after: imageID) }
    }

    func retrieve(after imageID: UUID?, limit: Int) async throws -> CachedFeed? {
        try await healing { try await $0.retrieve(after: imageID, limit: limit) }
    }

    func retrieve(imageWithID id: UUID) async throws -> LocalFeedImage? {
        try await healing { try await $0.retrieve(imageWithID: id) }
    }

    func deleteImage(withID id: UUID) async throws {
        try await healing { try await $0.deleteImage(withID: id) }
    }

    func deleteData(forURL url: URL) async throws {
        try await healing { try await $0.deleteData(forURL: url) }
    }

    func insert(_ data: Data, for url: URL) async throws {
        try await healing { try await $0.insert(data, for: url) }
    }

    func retrieve(dataForURL url: URL) async throws -> Data? {
        try await healing { try await $0.retrieve(dataForURL: url) }
    }

    func insert(_ data: Data, forKey key: String, timestamp: Date) async throws {
        try await healing { try await $0.insert(data, forKey: key, timestamp: timestamp) }
    }

    func retrieveResource(forKey key: String) async throws -> CachedResource? {
        try await healing { try await $0.retrieveResource(forKey: key) }
    }

    func deleteResource(forKey key: String) async throws {
        try await healing { try await $0.deleteResource(forKey: key) }
    }

    func deleteResources(savedUpTo date: Date) async throws {
        try await healing { try await $0.deleteResources(savedUpTo: date) }
    }

    func deleteResources(keyedUnder prefix: String) async throws {
        try await healing { try await $0.deleteResources(keyedUnder: prefix) }
    }
}
