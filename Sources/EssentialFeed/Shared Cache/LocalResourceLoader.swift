import Foundation

/// Saves and loads one kind of value in a `ResourceStore`, encoded as JSON, under the shared
/// cache rules: a value older than seven days is not shown, and one that cannot be read is
/// removed rather than failing every later load.
public final class LocalResourceLoader<Resource: Codable & Sendable>: Sendable {
    public struct Saved: Sendable {
        public let resource: Resource
        public let savedAt: Date
    }

    private let store: any ResourceStore
    private let currentDate: @Sendable () -> Date

    public init(store: any ResourceStore, currentDate: @escaping @Sendable () -> Date) {
        self.store = store
        self.currentDate = currentDate
    }

    public func save(_ resource: Resource, forKey key: String) async throws {
        try await store.insert(try JSONEncoder().encode(resource), forKey: key, timestamp: currentDate())
    }

    /// The value saved under `key` while it may still be shown; `nil` otherwise.
    public func load(forKey key: String) async throws -> Saved? {
        guard let cached = try await store.retrieveResource(forKey: key),
            CachePolicy.validate(cached.timestamp, against: currentDate())
        else { return nil }
        guard let resource = try? JSONDecoder().decode(Resource.self, from: cached.data) else {
            try await store.deleteResource(forKey: key)
            return nil
        }
        return Saved(resource: resource, savedAt: cached.timestamp)
    }
}

/// Removes what can no longer be shown, whatever kind of value it is.
public enum ResourceCacheValidation {
    public static func validate(_ store: any ResourceStore, currentDate: Date) async throws {
        guard let newestExpired = CachePolicy.newestExpiredTimestamp(at: currentDate) else { return }
        try await store.deleteResources(savedUpTo: newestExpired)
    }
}
