import ArgumentParser
import FeedAPIPostgres
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Logging
import PostgresSupport

/// Where the API's data is: an SQLite file for one machine, or a PostgreSQL database that
/// several API instances share.
struct APIDatabaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The API's database: an SQLite file (created with its schema when missing), or postgres://USER:PASSWORD@HOST:PORT/DATABASE for a PostgreSQL database several instances share.",
            valueName: "file-or-url"))
    var database = "./.essential-feed/api.sqlite"

    @Option(help: "With PostgreSQL, the most connections this process opens to it.")
    var poolSize = 20

    @Option(
        help: ArgumentHelp(
            "With PostgreSQL, a file holding the password (its first line), kept out of the URL and so out of `ps`; PGPASSWORD in the environment works too.",
            valueName: "file"))
    var databasePasswordFile: String?

    @Option(
        help: ArgumentHelp(
            "Where people's data exports and imports are kept while they run and for seven days after (default: `archives` beside the SQLite file, or ./.essential-feed/archives). Instances sharing a PostgreSQL database must share this folder too.",
            valueName: "folder"))
    var archives: String?

    /// The folder of exports and imports.
    var archivesDirectory: URL {
        if let archives { return URL(filePath: archives, directoryHint: .isDirectory) }
        let base =
            PostgresURL.isPostgresURL(database)
            ? URL(filePath: "./.essential-feed", directoryHint: .isDirectory) : URL(filePath: database).deletingLastPathComponent()
        return base.appending(path: "archives", directoryHint: .isDirectory)
    }

    func validate() throws {
        guard (1...500).contains(poolSize) else {
            throw ValidationError("--pool-size must be from 1 to 500 connections, got \(poolSize).")
        }
    }

    /// - Parameter metrics: where a PostgreSQL pool's use is counted.
    func withStorage<Result>(
        metrics: ServerMetrics? = nil, logger: Logger, _ body: (any APIStorage) async throws -> Result
    ) async throws -> Result {
        try await APIDatabaseLocation(database, password: try readPassword()).withStorage(poolSize: poolSize, metrics: metrics, logger: logger, body)
    }

    private func readPassword() throws -> String? {
        guard let databasePasswordFile else { return nil }
        guard let contents = FileManager.default.contents(atPath: databasePasswordFile),
            let text = String(data: contents.prefix(4_096), encoding: .utf8),
            let password = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map({ String($0).trimmingCharacters(in: .init(charactersIn: "\r")) }),
            !password.isEmpty
        else { throw ValidationError("--database-password-file: \(databasePasswordFile) cannot be read, or its first line is empty.") }
        return password
    }
}

/// An SQLite file, or a `postgres://` URL.
struct APIDatabaseLocation {
    let text: String
    /// PostgreSQL's password, when not in the URL.
    let password: String?

    init(_ text: String, password: String? = nil) {
        self.text = text
        self.password = password
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
        let database = try PostgresAPIDatabase(url: text, password: password, poolSize: poolSize, metrics: metrics?.factory, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            try await database.migrate()
            return try await body(database)
        }
    }
}
