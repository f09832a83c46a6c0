import Foundation
import GRDB

/// The API's one SQLite file: the feed, the news and the accounts, each behind its own store,
/// read through a WAL `DatabasePool` so reads run concurrently with each other and with writes.
///
/// Every entry point (the server, `import`, `news import`, `accounts`, the benchmarks' loader)
/// opens it here, so each finds the same schema brought up to date the same way.
public struct APIDatabase: Sendable {
    package let feed: SQLiteFeedRepository
    package let news: SQLiteNewsStore
    package let accounts: SQLiteAccountStore

    /// Opens the database at `path`, creating its folder, the file and its schema when missing.
    /// - Throws: `DatabaseFolderUnavailable` when the folder cannot be made.
    public static func open(path: String) throws -> APIDatabase {
        try createFolder(of: path)
        let pool = try DatabasePool(path: path)
        // Each area's migrations run in the order their tables depend on one another: posts
        // name accounts, and the news keeps its photos in the feed's `image` table.
        for migrator in [AccountsMigrations.migrator, FeedMigrations.migrator, NewsMigrations.migrator] {
            try migrator.migrate(pool)
        }
        return APIDatabase(
            feed: SQLiteFeedRepository(database: pool),
            news: SQLiteNewsStore(database: pool),
            accounts: SQLiteAccountStore(database: pool))
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
