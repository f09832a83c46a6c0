import EssentialFeed
import Foundation
import GRDB

/// Other cached resources (the news list, each story opened) live in the cache's own file,
/// so a damaged file is set aside with everything in it, and each write is one statement.
extension GRDBFeedStore: ResourceStore {
    public func insert(_ data: Data, forKey key: String, timestamp: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO cachedResource (key, data, timestamp) VALUES (?, ?, ?)",
                arguments: [key, data, timestamp])
        }
    }

    public func retrieveResource(forKey key: String) async throws -> CachedResource? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT data, timestamp FROM cachedResource WHERE key = ?", arguments: [key])
                .map { CachedResource(data: $0["data"], timestamp: $0["timestamp"]) }
        }
    }

    public func deleteResource(forKey key: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM cachedResource WHERE key = ?", arguments: [key])
        }
    }

    public func deleteResources(keyedUnder prefix: String) async throws {
        try await database.write { db in
            // Compared as text, not with LIKE: a key may hold `%` or `_`.
            try db.execute(sql: "DELETE FROM cachedResource WHERE substr(key, 1, length(:prefix)) = :prefix", arguments: ["prefix": prefix])
        }
    }

    public func deleteResources(savedUpTo date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM cachedResource WHERE timestamp <= ?", arguments: [date])
        }
    }
}
