import Foundation

/// Bytes saved under a key, with when they were saved.
public struct CachedResource: Equatable, Sendable {
    public let data: Data
    public let timestamp: Date

    public init(data: Data, timestamp: Date) {
        self.data = data
        self.timestamp = timestamp
    }
}

/// Where resources other than the feed are cached (the news list, each story opened): one
/// value per key, replaced whole. Implementations keep every operation atomic.
public protocol ResourceStore: Sendable {
    func insert(_ data: Data, forKey key: String, timestamp: Date) async throws
    func retrieveResource(forKey key: String) async throws -> CachedResource?
    func deleteResource(forKey key: String) async throws
    /// Removes every resource saved at `date` or earlier.
    func deleteResources(savedUpTo date: Date) async throws
    /// Removes every resource whose key starts with `prefix`: all that was kept for one reader.
    func deleteResources(keyedUnder prefix: String) async throws
}

extension ResourceStore {
    /// A store written before readers could be forgotten cannot forget them: it says so.
    public func deleteResources(keyedUnder prefix: String) async throws {
        throw ForgettingUnsupported()
    }
}

/// The store cannot remove resources by the start of their keys.
public struct ForgettingUnsupported: Error, Equatable {
    public init() {}
}
