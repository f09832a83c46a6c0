import ArgumentParser
import FeedAPIPostgres
import FeedAPIStorage
import HTTPServerSupport
import Logging
import PostgresSupport

/// Where the API's data is: an SQLite file for one machine, or a PostgreSQL database that
/// several API instances share.
struct APIDatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The API's database: an SQLite file (created with its schema when missing), or postgres://USER:PASSWORD@HOST:PORT/DATABASE for a PostgreSQL database several instances share.",
        valueName: "file-or-url"))
    var database = "./.essential-feed/api.sqlite"

    @Option(help: "With PostgreSQL, the most connections this process opens to it.")
    var poolSize = 20

    func validate() throws {
        guard (1...500).contains(poolSize) else {
            throw ValidationError("--pool-size must be from 1 to 500 connections, got \(poolSize).")
        }
    }

    /// - Parameter metrics: where a PostgreSQL pool's use is counted.
    func withStorage<Result>(
        metrics: ServerMetrics? = nil, logger: Logger, _ body: (any APIStorage) async throws -> Result
    ) async throws -> Result {
        try await APIDatabaseLocation(database).withStorage(poolSize: poolSize, metrics: metrics, logger: logger, body)
    }
}

/// An SQLite file, or a `postgres://` URL.
struct APIDatabaseLocation {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    var isPostgres: Bool {
        PostgresURL.isPostgresURL(text)
    }

    /// Runs `body` on the database's stores, migrated; a PostgreSQL connection pool runs
    /// around it and stops after it.
    func withStorage<Result>(
        poolSize: Int = 20, metrics: ServerMetrics? = nil, logger: Logger, _ body: (any APIStorage) async throws -> Result
    ) async throws -> Result {
        guard isPostgres else {
            return try await body(try APIDatabase.open(path: text, logger: logger))
        }
        let database = try PostgresAPIDatabase(url: text, poolSize: poolSize, metrics: metrics?.factory, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            try await database.migrate()
            return try await body(database)
        }
    }
}
