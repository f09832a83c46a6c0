import Foundation
import Logging
import PostgresNIO

/// Named, append-only migrations of one PostgreSQL database, recorded in `table`. Processes
/// starting at once on a new database take turns under an advisory lock, so each migration
/// runs once, in the transaction that records it.
public struct PostgresMigrator: Sendable {
    public struct Migration: Sendable {
        public let identifier: String
        public let sql: String

        public init(identifier: String, sql: String) {
            self.identifier = identifier
            self.sql = sql
        }

        /// One statement at a time: a query with several is not one PostgreSQL can prepare.
        var statements: [String] {
            sql.split(separator: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
    }

    /// The database holds something this program did not make, or was migrated by a newer
    /// version of it: it is left as it was.
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    let table: String
    let lockKey: Int64
    let migrations: [Migration]
    let ownsTheDatabase: Bool

    /// - Parameter ownsTheDatabase: whether tables recorded by no migration mean the database
    ///   is something else's (and it is refused).
    public init(table: String, lockKey: Int64, migrations: [Migration], ownsTheDatabase: Bool) {
        self.table = table
        self.lockKey = lockKey
        self.migrations = migrations
        self.ownsTheDatabase = ownsTheDatabase
    }

    /// Brings the database up to date; tells whether it had none of these migrations before.
    public func migrate(_ client: PostgresClient, logger: Logger) async throws -> Bool {
        try await client.transaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            let tables = try await connection.query(
                """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                """, logger: logger
            ).collect().map { try $0.decode(String.self) }
            if ownsTheDatabase, !tables.isEmpty, !tables.contains(table) {
                throw Refused(description: "its tables are not this program's")
            }
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                        """), logger: logger)
            let applied = Set(
                try await connection.query(PostgresQuery(unsafeSQL: "SELECT identifier FROM \(table)"), logger: logger)
                    .collect().map { try $0.decode(String.self) })
            if let unknown = applied.subtracting(migrations.map(\.identifier)).sorted().first {
                throw Refused(description: "it was migrated by a newer version of this program (\"\(unknown)\")")
            }
            for migration in migrations where !applied.contains(migration.identifier) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO \(unescaped: table) (identifier) VALUES (\(migration.identifier))", logger: logger)
            }
            return applied.isEmpty
        }
    }
}
