import EssentialFeed
import Foundation
import GRDB
import ProgramVersion
import SQLiteSupport
import Synchronization

/// The app's cache in an SQLite database, through GRDB.
///
/// Every operation uses GRDB's async accessors, so a caller waits without
/// blocking a thread of the cooperative pool while SQLite works.
public final class GRDBFeedStore: Sendable {
    /// The image bytes a store keeps unless told otherwise.
    public static let defaultImageDataCapacity = 256 * 1024 * 1024

    let database: any DatabaseWriter
    private let imageDataCapacity: Int
    private let imageDataUses: Mutex<ImageDataUses>

    /// Opens (creating if needed) the cache in the SQLite file at `path`.
    ///
    /// A file uses a `DatabasePool`: in WAL mode reads run concurrently with a
    /// write and never wait for it, and a reader sees the last committed feed.
    /// Another store on the same file (another launch of the app) waits for a
    /// write in progress instead of failing at once.
    ///
    /// - Throws: when the file cannot be opened, is not an SQLite database, or
    ///   cannot be brought to the current schema. The file is left as it was.
    ///
    /// - Parameter imageDataCapacity: the most image bytes kept; the least recently used
    ///   go first.
    public convenience init(path: String, imageDataCapacity: Int = defaultImageDataCapacity) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Before opening it for writing: a newer release's file is left exactly as it was.
        try NewerSchema.checkFile(atPath: path, migrators: [Self.migrator], programRelease: ProgramVersion.number)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try self.init(database: pool, imageDataCapacity: imageDataCapacity)
    }

    /// Whether an error from `init(path:)` says the file itself is damaged (not an SQLite
    /// database, or a malformed one), rather than out of reach (a missing or read-only
    /// folder). A damaged cache can be set aside and started again; the cache is disposable.
    public static func isDamagedFile(_ error: any Error) -> Bool {
        // A newer release's cache is no use to this one either; set aside, it is left as it was.
        if error is NewerSchema { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// A cache that lives as long as the store, for tests and previews.
    ///
    /// An in-memory database uses a `DatabaseQueue`: WAL needs a file, and
    /// with one connection reads are serialized with writes, which is
    /// instantaneous in memory.
    public static func inMemory(imageDataCapacity: Int = defaultImageDataCapacity) throws -> GRDBFeedStore {
        try GRDBFeedStore(database: DatabaseQueue(), imageDataCapacity: imageDataCapacity)
    }

    private init(database: any DatabaseWriter, imageDataCapacity: Int) throws {
        try Self.migrator.migrate(database)
        self.database = database
        self.imageDataCapacity = max(0, imageDataCapacity)
        let latestUse = try database.read(FeedImageDataRecord.latestUse)
        imageDataUses = Mutex(ImageDataUses(latest: latestUse))
    }
}

/// Uses of image data not yet written down: a read stays a read, and the uses it records
/// are written with the next write of image data, which is when the least recently used
/// data may have to go. Lost uses on a stop only make the order a little less exact.
private struct ImageDataUses {
    static let pendingBound = 1_024

    var latest: Int64
    var pending: [URL: Int64] = [:]

    mutating func next() -> Int64 {
        latest += 1
        return latest
    }

    mutating func record(_ url: URL) -> Bool {
        pending[url] = next()
        return pending.count >= Self.pendingBound
    }

    mutating func takePending() -> [URL: Int64] {
        defer { pending = [:] }
        return pending
    }
}

extension GRDBFeedStore: FeedStore {
    public func deleteCachedFeed() async throws {
        try await database.write { db in
            try ReplacedFeedImageRecord.keepCachedImages(db)
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
            try ReplacedFeedImageRecord.keepCachedImages(db)
            try FeedImageRecord.deleteAll(db)
            try FeedCacheRecord.deleteAll(db)
            try FeedCacheRecord(timestamp: timestamp, entityTag: entityTag).insert(db)
            for (position, image) in feed.enumerated() {
                try FeedImageRecord(image, position: position).insert(db)
            }
        }
    }

    /// Writes only the page, and removes only what followed `imageID`: the cost depends on
    /// the page, not on how many images are cached.
    public func append(_ page: [LocalFeedImage], after imageID: UUID) async throws -> Bool {
        try await database.write { db in
            guard let position = try FeedImageRecord.lastPosition(of: imageID, db) else { return false }
            try ReplacedFeedImageRecord.keepCachedImages(after: position, db)
            try FeedImageRecord.filter(FeedImageRecord.Columns.position > position).deleteAll(db)
            for (offset, image) in page.enumerated() {
                try FeedImageRecord(image, position: position + 1 + offset).insert(db)
            }
            return true
        }
    }

    public func retrieve(after imageID: UUID?, limit: Int) async throws -> CachedFeed? {
        try await database.read { db in
            guard let cache = try FeedCacheRecord.fetchOne(db) else { return nil }
            var start = -1
            if let imageID {
                guard let position = try FeedImageRecord.lastPosition(of: imageID, db) else { return nil }
                start = position
            }
            let images =
                try FeedImageRecord
                .filter(FeedImageRecord.Columns.position > start)
                .order(FeedImageRecord.Columns.position)
                .limit(max(0, limit))
                .fetchAll(db)
            return CachedFeed(feed: images.map(\.local), timestamp: cache.timestamp, entityTag: cache.entityTag)
        }
    }

    public func retrieve(imageBefore imageID: UUID) async throws -> LocalFeedImage? {
        try await database.read { db in
            guard let position = try FeedImageRecord.lastPosition(of: imageID, db) else { return nil }
            return try FeedImageRecord
                .filter(FeedImageRecord.Columns.position < position)
                .order(FeedImageRecord.Columns.position.desc)
                .fetchOne(db)?.local
        }
    }

    public func retrieve(imageWithID id: UUID) async throws -> LocalFeedImage? {
        try await database.read { db in
            let cached =
                try FeedImageRecord
                .filter(FeedImageRecord.Columns.id == id.uuidString)
                .order(FeedImageRecord.Columns.position)
                .fetchOne(db)
            if let cached { return cached.local }
            return try ReplacedFeedImageRecord.image(withID: id, db)
        }
    }

    public func retrieve() async throws -> CachedFeed? {
        try await database.read { db in
            guard let cache = try FeedCacheRecord.fetchOne(db) else { return nil }
            let images = try FeedImageRecord.order(FeedImageRecord.Columns.position).fetchAll(db)
            return CachedFeed(feed: images.map(\.local), timestamp: cache.timestamp, entityTag: cache.entityTag)
        }
    }

    /// Positions are only ordered, never counted, so the gap the image leaves needs no renumbering.
    public func deleteImage(withID id: UUID) async throws {
        try await database.write { db in
            _ = try FeedImageRecord.filter(FeedImageRecord.Columns.id == id.uuidString).deleteAll(db)
            try ReplacedFeedImageRecord.delete(imageWithID: id, db)
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
    /// Stores the data as the most recently used, then lets go of the least recently used
    /// data beyond the bound; data larger than the whole bound is not kept.
    public func insert(_ data: Data, for url: URL) async throws {
        let (uses, use) = imageDataUses.withLock { ($0.takePending(), $0.next()) }
        let capacity = imageDataCapacity
        try await database.write { db in
            try FeedImageDataRecord.markUsed(uses, db)
            guard data.count <= capacity else {
                _ = try FeedImageDataRecord.deleteOne(db, key: url)
                return
            }
            try FeedImageDataRecord(url: url, data: data, lastUsed: use).upsert(db)
            try FeedImageDataRecord.evictLeastRecentlyUsed(toFit: capacity, db)
        }
    }

    public func deleteData(forURL url: URL) async throws {
        try await database.write { db in
            _ = try FeedImageDataRecord.deleteOne(db, key: url)
        }
    }

    public func retrieve(dataForURL url: URL) async throws -> Data? {
        let data = try await database.read { db in
            try Data.fetchOne(db, FeedImageDataRecord.select(FeedImageDataRecord.Columns.data).filter(key: url))
        }
        guard data != nil else { return data }
        let shouldWriteUses = imageDataUses.withLock { $0.record(url) }
        if shouldWriteUses {
            let uses = imageDataUses.withLock { $0.takePending() }
            try await database.write { db in try FeedImageDataRecord.markUsed(uses, db) }
        }
        return data
    }
}
