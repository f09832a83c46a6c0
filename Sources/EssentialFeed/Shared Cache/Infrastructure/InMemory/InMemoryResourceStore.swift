import Foundation
import Synchronization

/// Resources kept in memory only: for previews and tests, and when the cache's file cannot be written.
public final class InMemoryResourceStore: ResourceStore {
    private let resources = Mutex<[String: CachedResource]>([:])

    public init() {}

    public func insert(_ data: Data, forKey key: String, timestamp: Date) async throws {
        resources.withLock { $0[key] = CachedResource(data: data, timestamp: timestamp) }
    }

    public func retrieveResource(forKey key: String) async throws -> CachedResource? {
        resources.withLock { $0[key] }
    }

    public func deleteResource(forKey key: String) async throws {
        _ = resources.withLock { $0.removeValue(forKey: key) }
    }

    public func deleteResources(savedUpTo date: Date) async throws {
        resources.withLock { $0 = $0.filter { $0.value.timestamp > date } }
    }

    public func deleteResources(keyedUnder prefix: String) async throws {
        resources.withLock { $0 = $0.filter { !$0.key.hasPrefix(prefix) } }
    }
}
