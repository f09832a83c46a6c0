import Foundation
import GRDB
import Logging
import ProgramVersion
import SQLiteSupport

/// The API's one SQLite file: the feed, the news and the accounts, each behind its own store,
/// read through a WAL `DatabasePool` so reads run concurrently with each other and with writes.
///
/// Every entry point (the server, `import`, `news import`, `accounts`, the benchmarks' loader)
/// opens it here, so each finds the same schema brought up to date the same way.
public struct APIDatabase: Sendable {
    package let feed: SQLiteFeedRepository
    package let news: SQLiteNewsStore
    package let accounts: SQLiteAccountStore
    package let social: SQLiteSocialGraph
    package let moderation: SQLiteModeration
    package let changes: FeedChanges
    private let pool: DatabasePool

    /// The migrators, in the order their tables depend on one another: posts name accounts,
    /// the news keeps its photos in the feed's `image` table, and follows count both.
    /// Every migration's identifier: what a backup checks a file is this program's by.
    public static var migrationIdentifiers: [String] { migrators.flatMap(\.migrations) }

    /// Every migration in the order releases shipped them (each migrator's own order within
    /// it): the schema versions an existing file may be at, one per prefix.
    package static let migrationHistory = [
        "Create feed, comments and images",
        "Describe each image for those who cannot see it",
        "Create accounts, tokens and failed log-ins",
        "Give every post the account that posted it",
        "Keep every photo in four sizes, with its dimensions and colours",
        "Remember the file each photo was made from",
        "Keep the news: stories, web links, adverts and their photos",
        "Throttle log-ins per username and client address",
        "Follow people, with profiles and their counts",
        "Avatars",
        "Join by invitation; sessions; two factors",
        "Likes",
        "Notifications; bounds on follows and comments",
        "Edit and remove posts; content warnings",
        "Roles, reports, suspensions and the moderation log",
        "Blocks and mutes",
        "Followers-only posts, locked accounts, follow requests",
        "Keep a departed person's username for a while",
        "Follow requests and acceptances notify",
        "Find people by a folded name"
    ]

    package static var migrators: [DatabaseMigrator] {
        [AccountsMigrations.migrator, FeedMigrations.migrator, NewsMigrations.migrator, SocialMigrations.migrator]
    }

    /// Opens the database at `path`, creating its folder, the file and its schema when missing
    /// (and saying so in the log: a mistyped path must not pass for an empty feed).
    ///
    /// Several processes may open one file at once, a new one included: each waits its turn
    /// for the write lock, and the migrations run once.
    /// - Throws: `DatabaseFolderUnavailable` when the folder cannot be made;
    ///   `NotAnAPIDatabase` for a file that is not an SQLite database, or one of another
    ///   schema, and `NewerSchema` for one of a newer release; either is left as it was.
    public static func open(path: String, logger: Logger = Logger(label: "essential-feed.api")) throws -> APIDatabase {
        try createFolder(of: path)
        var configuration = Configuration()
        // Another process may hold the database's write lock a while (a backup, an import).
        configuration.busyMode = .timeout(30)
        // Processes opening one file take turns from the first look at it to the last migration:
        // one that looked while another was creating it would see a schema half made (GRDB
        // makes its migrations table before the first migration), or find it locked as it
        // turns to WAL, and both would run the first migrations.
        let (pool, created) = try MigrationLock(databasePath: path).holding { () throws -> (DatabasePool, Bool) in
            let exists = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0
            let pool: DatabasePool
            do {
                if exists { try checkSchema(at: path, configuration: configuration) }
                pool = try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
                throw NotAnAPIDatabase(path: path, reason: "it is not an SQLite database")
            }
            let isEmpty = try pool.read { db in try migrators.allSatisfy { try $0.appliedIdentifiers(db).isEmpty } }
            for migrator in migrators {
                try migrator.migrate(pool)
            }
            return (pool, isEmpty)
        }
        if created {
            logger.notice("Created a new API database at \(path)")
        }
        let changes = FeedChanges()
        let feed = SQLiteFeedRepository(database: pool, changes: changes)
        return APIDatabase(
            feed: feed,
            news: SQLiteNewsStore(database: pool),
            accounts: SQLiteAccountStore(database: pool),
            social: SQLiteSocialGraph(database: pool, feedVersion: feed.version, events: changes),
            moderation: SQLiteModeration(database: pool, feedVersion: feed.version),
            changes: changes, pool: pool)
    }

    /// Whether the file still answers a read (a disk gone, a file removed under the server).
    package func isReachable() async -> Bool {
        do {
            return try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") != nil }
        } catch {
            return false
        }
    }

    /// A file with tables but none of this program's migrations belongs to something else; one
    /// with migrations this program does not know, to a newer release (`NewerSchema`).
    /// Read without writing: opening a pool would already turn the file to WAL.
    private static func checkSchema(at path: String, configuration: Configuration) throws {
        var readOnly = configuration
        readOnly.readonly = true
        let known = Set(migrators.flatMap(\.migrations))
        let isForeign = try DatabaseQueue(path: path, configuration: readOnly).read { db -> Bool in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            guard !tables.isEmpty else { return false }
            guard tables.contains("grdb_migrations") else { return true }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            if known.isDisjoint(with: applied) { return true }
            try NewerSchema.check(db, path: path, migrators: migrators, programRelease: ProgramVersion.number)
            return false
        }
        if isForeign {
            throw NotAnAPIDatabase(path: path, reason: "its tables are not the feed API's")
        }
    }

    private static func createFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DatabaseFolderUnavailable(folder: folder.path)
        }
    }
}

/// The API's database folder could not be made: the data is not disposable, so nothing that
/// needs it starts, and this says where and why in words a person can act on.
package struct DatabaseFolderUnavailable: Error, CustomStringConvertible {
    package let folder: String

    package var description: String {
        "Cannot create the folder of the API's database, \(folder): check that it can be written and that no file stands in its path."
    }
}

/// The file given as the API's database is something else: nothing is changed in it.
package struct NotAnAPIDatabase: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String {
        "\(path) is not a feed API database (\(reason)); it was left as it was. Check --database."
    }
}
