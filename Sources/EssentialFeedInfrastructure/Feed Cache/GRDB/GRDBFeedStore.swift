import EssentialFeed
import Foundation
import GRDB

/// The app's cache in an SQLite database, through GRDB.
///
/// Every operation uses GRDB's async accessors, so a caller waits without
/// blocking a thread of the cooperative pool while SQLite works.
public final class GRDBFeedStore: Sendable {
    private let database: any DatabaseWriter

    /// Opens (creating if needed) the cache in the SQLite file at `path`.
    ///
    /// A file uses a `DatabasePool`: in WAL mode reads run concurrently with a
    /// write and never wait for it, and a reader sees the last committed feed.
    /// Another store on the same file (another launch of the app) waits for a
    /// write in progress instead of failing at once.
    ///
    /// - Throws: when the file cannot be opened, is not an SQLite database, or
    ///   cannot be brought to the current schema. The file is left as it was.
    public convenience init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        try self.init(database: DatabasePool(path: path, configuration: configuration))
    }

    /// Whether an error from `init(path:)` says the file itself is damaged (not an SQLite
    /// database, or a malformed one), rather than out of reach (a missing or read-only
    /// folder). A damaged cache can be set aside and started again; the cache is disposable.
    public static func isDamagedFile(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// A cache that lives as long as the store, for tests and previews.
    ///
    /// An in-memory database uses a `DatabaseQueue`: WAL needs a file, and
    /// with one connection reads are serialized with writes, which is
    /// instantaneous in memory.
    public static func inMemory() throws -> GRDBFeedStore {
        try GRDBFeedStore(database: DatabaseQueue())
    }

    private init(database: any DatabaseWriter) throws {
        try Self.migrator.migrate(database)
        self.database = database
    }
}

extension GRDBFeedStore: FeedStore {
    public func deleteCachedFeed() async throws {
        try await database.write { db in
            try FeedImageRecord.deleteAll(db)
            try FeedCacheRecord.deleteAll(db)
        }
    }

    /// Replaces the cached feed in one transaction: a failure or a killed
    /// process at any point leaves the previous feed, never part of the new one.
    public func insert(_ feed: [LocalFeedImage], timestamp: Date) async throws {
        try await insert(feed, timestamp: timestamp, entityTag: nil)
    }

    public func insert(_ feed: [LocalFeedImage], timestamp: Date, entityTag: String?) async throws {
        try await database.write { db in
            try FeedImageRecord.deleteAll(db)
            try FeedCacheRecord.deleteAll(db)
            try FeedCacheRecord(timestamp: timestamp, entityTag: entityTag).insert(db)
            for (position, image) in feed.enumerated() {
                try FeedImageRecord(image, position: position).insert(db)
            }
            try FeedImageDataRecord.deleteDataOfURLsNotInTheFeed(db)
        }
    }

    public func retrieve() async throws -> CachedFeed? {
        try await database.read { db in
            guard let cache = try FeedCacheRecord.fetchOne(db) else { return nil }
            let images = try FeedImageRecord.order(FeedImageRecord.Columns.position).fetchAll(db)
            return CachedFeed(feed: images.map(\.local), timestamp: cache.timestamp, entityTag: cache.entityTag)
        }
    }

    /// One small update of the cache row; the items are not touched.
    public func renewCache(timestamp: Date) async throws {
        try await database.write { db in
            _ = try FeedCacheRecord.updateAll(db, FeedCacheRecord.Columns.timestamp.set(to: timestamp.timeIntervalSinceReferenceDate))
        }
    }
}

extension GRDBFeedStore: FeedImageDataStore {
    public func insert(_ data: Data, for url: URL) async throws {
        try await database.write { db in
            try FeedImageDataRecord(url: url, data: data).upsert(db)
        }
    }

    public func retrieve(dataForURL url: URL) async throws -> Data? {
        try await database.read { db in
            try FeedImageDataRecord.fetchOne(db, key: url)?.data
        }
    }
}
