import ArgumentParser
import EssentialFeedInfrastructure
import FeedAPIStorage
import Foundation
import PostgresSupport
import SQLiteSupport

/// `essential-feed backup --database FILE DEST`: a consistent copy of a live SQLite file —
/// the API's database or the app's sessions — while the server runs and writes.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a live SQLite database (the API's, or the app's sessions) consistently while the server runs.",
        discussion: """
            The copy is the database at one moment, made with SQLite's online backup API and checked \
            with PRAGMA integrity_check. To restore: stop the server, copy the backup over the file \
            (removing its -wal and -shm files), start the server. With PostgreSQL, use pg_dump.
            """
    )

    @Option(help: ArgumentHelp("The SQLite file to copy: the API's database or the app's app-sessions.sqlite.", valueName: "file"))
    var database: String

    @Argument(help: ArgumentHelp("Where to write the copy; must not exist.", valueName: "dest"))
    var destination: String

    func validate() throws {
        if PostgresURL.isPostgresURL(database) {
            throw ValidationError("backup copies SQLite files; back up a PostgreSQL database with pg_dump.")
        }
    }

    func run() throws {
        let known = Set(APIDatabase.migrationIdentifiers + GRDBSessionStore.migrationIdentifiers + GRDBFeedStore.migrator.migrations)
        do {
            let summary = try SQLiteBackup.copy(from: database, to: destination) { applied in
                !applied.isEmpty && !known.isDisjoint(with: applied)
            }
            FileHandle.standardOutput.write(
                Data(
                    "Backed up \(database) (schema version \(summary.schemaVersion)) to \(destination): \(summary.bytes) bytes, integrity checked.\n".utf8))
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }
}
