import EssentialFeed
import Foundation
import GRDB
import ProgramVersion
import SQLiteSupport

/// The app's log-ins in their own SQLite file, apart from the cache: the cache may be set
/// aside when damaged, and that must not log anyone out.
public final class GRDBSessionStore: SessionStore {
    private let database: any DatabaseWriter

    /// Opens (creating if needed) the sessions in the SQLite file at `path`.
    /// - Throws: `NewerSchema` for a file of a newer release, which is left as it was.
    public convenience init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Before opening it for writing: a newer release's file is left exactly as it was.
        try NewerSchema.checkFile(atPath: path, migrators: [Self.migrator], programRelease: ProgramVersion.number)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try self.init(database: pool)
    }

    public static func inMemory() throws -> GRDBSessionStore {
        try GRDBSessionStore(database: DatabaseQueue())
    }

    private init(database: any DatabaseWriter) throws {
        try Self.migrator.migrate(database)
        self.database = database
    }

    /// - Throws: `InsufficientStorageError` when the disk has no room for it.
    public func insert(_ session: LocalSession) async throws {
        do {
            try await write(session)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw InsufficientStorageError()
        }
    }

    private func write(_ session: LocalSession) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO session (key, apiToken, username, name, avatar, createdAt, expiresAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.key, session.apiToken, session.user.username, session.user.name, session.user.avatar.flatMap(StoredAvatar.encode),
                    session.createdAt.timeIntervalSince1970, session.expiresAt.timeIntervalSince1970
                ])
        }
    }

    public func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM session WHERE key = ? AND expiresAt > ?",
                arguments: [key, date.timeIntervalSince1970]
            ).map { row in
                LocalSession(
                    key: row["key"], apiToken: row["apiToken"],
                    user: User(username: row["username"], name: row["name"], avatar: (row["avatar"] as String?).flatMap(StoredAvatar.decode)),
                    createdAt: Date(timeIntervalSince1970: row["createdAt"]),
                    expiresAt: Date(timeIntervalSince1970: row["expiresAt"]))
            }
        }
    }

    public func deleteSession(withKey key: Data) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE key = ?", arguments: [key])
        }
    }

    public func deleteSessions(expiredBy date: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE expiresAt <= ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }

    /// Append-only: a released migration is never edited, only followed by new ones.
    /// Every migration's identifier: what a backup checks a file is this program's by.
    public static var migrationIdentifiers: [String] { migrator.migrations }

    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Create sessions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session (
                        key BLOB PRIMARY KEY NOT NULL,
                        apiToken BLOB NOT NULL,
                        username TEXT NOT NULL,
                        name TEXT NOT NULL,
                        createdAt REAL NOT NULL,
                        expiresAt REAL NOT NULL
                    );
                    CREATE INDEX session_by_expiry ON session (expiresAt);
                    """)
        }
        migrator.registerMigration("Sessions keep the person's picture") { db in
            try db.execute(sql: "ALTER TABLE session ADD COLUMN avatar TEXT")
        }
        return migrator
    }
}
