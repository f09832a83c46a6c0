import Foundation
import GRDB

/// A database written by a newer release of the program: it has migrations this one does not
/// know, so this one cannot tell what its tables mean. It is refused and left as it was.
public struct NewerSchema: Error, CustomStringConvertible {
    public let path: String
    /// How many migrations the file has.
    public let fileVersion: Int
    /// How many this program knows.
    public let programVersion: Int
    public let programRelease: String
    public let unknownMigrations: [String]

    public var description: String {
        "\(path) was written by a newer Essential Feed: its schema is version \(fileVersion), and this program (\(programRelease)) "
            + "knows versions up to \(programVersion) (unknown: \(unknownMigrations.map { "\"\($0)\"" }.joined(separator: ", "))). "
            + "It was left as it was: run the newer release, or restore a backup made for this one."
    }

    /// Throws `NewerSchema` when `db` holds migrations none of `migrators` has.
    public static func check(_ db: Database, path: String, migrators: [DatabaseMigrator], programRelease: String) throws {
        guard try db.tableExists("grdb_migrations") else { return }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        let known = Set(migrators.flatMap(\.migrations))
        let unknown = applied.filter { !known.contains($0) }
        guard !unknown.isEmpty else { return }
        throw NewerSchema(
            path: path, fileVersion: applied.count, programVersion: known.count, programRelease: programRelease,
            unknownMigrations: unknown)
    }
}

extension NewerSchema {
    /// Throws `NewerSchema` when the file at `path` holds migrations none of `migrators` has,
    /// reading it without writing (a missing or empty file passes: it is new).
    public static func checkFile(atPath path: String, migrators: [DatabaseMigrator], programRelease: String) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        try queue.read { db in try check(db, path: path, migrators: migrators, programRelease: programRelease) }
    }
}
