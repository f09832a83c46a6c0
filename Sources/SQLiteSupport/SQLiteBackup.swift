import Foundation
import GRDB

/// A consistent copy of a live SQLite database, made with SQLite's online backup API while
/// other processes read and write it: the copy is the database as it stood at one moment
/// (every write committed before the backup began, none that was not), checked with
/// `PRAGMA integrity_check` before it takes its name.
public enum SQLiteBackup {
    public struct Summary: Sendable, Equatable {
        public let bytes: Int
        public let schemaVersion: Int
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies the database at `source` to `destination`, which must not exist yet.
    /// - Parameter isOurs: whether the applied migrations' identifiers are this program's
    ///   (a file of something else is refused).
    public static func copy(from source: String, to destination: String, isOurs: ([String]) -> Bool) throws -> Summary {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: source) else {
            throw Failure(description: "\(source) does not exist.")
        }
        guard !fileManager.fileExists(atPath: destination) else {
            throw Failure(description: "\(destination) exists already; a backup never overwrites a file. Name a new one.")
        }
        let folder = URL(filePath: destination).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "The folder \(folder) does not exist; create it first.")
        }
        var readOnly = Configuration()
        readOnly.readonly = true
        // A writer holds the lock for a moment at most.
        readOnly.busyMode = .timeout(30)
        // A name of its own: whatever else is beside the destination is never touched, even
        // a file or folder called like an earlier backup's leftovers.
        let partial = "\(destination).partial-\(UUID().uuidString.prefix(8))"
        guard !["", "-wal", "-shm", "-journal"].contains(where: { fileManager.fileExists(atPath: partial + $0) }) else {
            throw Failure(description: "\(partial) exists already; run the backup again.")
        }
        do {
            let from: DatabaseQueue
            do {
                from = try DatabaseQueue(path: source, configuration: readOnly)
            } catch {
                throw Failure(description: "\(source) cannot be opened as an SQLite database: \(error)")
            }
            let applied = try from.read { db -> [String] in
                guard try db.tableExists("grdb_migrations") else { return [] }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            guard isOurs(applied) else {
                throw Failure(description: "\(source) is not an Essential Feed database; nothing was copied.")
            }
            let to = try DatabaseQueue(path: partial)
            // In one step, within one read transaction: the copy is one moment of the source.
            try from.backup(to: to, pagesPerStep: -1)
            let check = try to.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            guard check == ["ok"] else {
                throw Failure(description: "The copy did not pass its integrity check: \(check.prefix(5).joined(separator: "; "))")
            }
            try to.close()
            try from.close()
            try fileManager.moveItem(atPath: partial, toPath: destination)
            let bytes = (try? fileManager.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
            return Summary(bytes: bytes, schemaVersion: applied.count)
        } catch {
            // Only what this backup created, which no one else has had a chance to use.
            for suffix in ["", "-wal", "-shm", "-journal"] where fileManager.fileExists(atPath: partial + suffix) {
                do {
                    try fileManager.removeItem(atPath: partial + suffix)
                } catch {
                    throw Failure(description: "The backup failed (\(error)), and its partial copy \(partial + suffix) could not be removed.")
                }
            }
            throw error
        }
    }
}
