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
}
