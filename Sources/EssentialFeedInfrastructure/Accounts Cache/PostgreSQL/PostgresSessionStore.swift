import CoreMetrics
import EssentialFeed
import Foundation
import Logging
import PostgresNIO
import PostgresSupport
import ServiceLifecycle

/// The app's log-ins in a PostgreSQL database, shared by every app instance: logged in
/// through one, a person's cookie opens the feed on another; logged out through one, it is
/// dead on all. Run it (a service) for as long as the app serves; migrate it first.
public final class PostgresSessionStore: SessionStore, Service {
    private let client: PostgresClient
    private let logger: Logger
    private let clientRun = ClientRunSignal()
    private let deadline: DatabaseDeadline

    /// SQLSTATE of a full disk.
    private static let diskFull = "53100"

    /// The database did not answer within the deadline, or could not be reached.
    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "The sessions' database is unavailable: \(reason)" }
    }

    /// - Parameters:
    ///   - operationDeadline: how long a request's read or write of a session may take,
    ///     waiting for a connection included, before it fails with `Unavailable`.
    ///   - metrics: where the pool's use and waits are counted.
    public init(
        url: String, poolSize: Int = 10, operationDeadline: Duration = .seconds(5), metrics: (any MetricsFactory)? = nil,
        logger: Logger = Logger(label: "essential-feed.app")
    ) throws {
        let configuration = try PostgresURL(url).configuration(poolSize: poolSize)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        deadline = DatabaseDeadline(operationDeadline, poolUse: metrics.map { PoolUse(connections: poolSize, metrics: $0) })
    }

    private func bounded<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
        try await deadline.run(unavailable: { Unavailable(reason: $0) }, operation)
    }

    public func run() async {
        await clientRun.run(client)
    }

    /// Brings the sessions' table up to date.
    public func migrate() async throws {
        await clientRun.untilRunning()
        _ = try await PostgresMigrator(
            table: "app_schema_migration", lockKey: 0x4546_4150_5053,
            migrations: [
                .init(
                    identifier: "Create sessions",
                    sql: """
                        CREATE TABLE app_session (
                            key BYTEA PRIMARY KEY,
                            api_token BYTEA NOT NULL,
                            username TEXT NOT NULL,
                            name TEXT NOT NULL,
                            created_at DOUBLE PRECISION NOT NULL,
                            expires_at DOUBLE PRECISION NOT NULL
                        );
                        CREATE INDEX app_session_by_expiry ON app_session (expires_at);
                        """),
                .init(identifier: "Sessions keep the person's picture", sql: "ALTER TABLE app_session ADD COLUMN avatar TEXT")
            ], ownsTheDatabase: false
        ).migrate(client, logger: logger)
    }

    /// - Throws: `InsufficientStorageError` when the database has no room for it.
    public func insert(_ session: LocalSession) async throws {
        do {
            try await bounded { [client, logger] in
                _ = try await client.query(
                    """
                    INSERT INTO app_session (key, api_token, username, name, avatar, created_at, expires_at)
                    VALUES (\(session.key), \(session.apiToken), \(session.user.username), \(session.user.name),
                            \(session.user.avatar.flatMap(StoredAvatar.encode)),
                            \(session.createdAt.timeIntervalSince1970), \(session.expiresAt.timeIntervalSince1970))
                    ON CONFLICT (key) DO UPDATE SET api_token = excluded.api_token, username = excluded.username,
                        name = excluded.name, avatar = excluded.avatar, created_at = excluded.created_at, expires_at = excluded.expires_at
                    """, logger: logger)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.diskFull {
            throw InsufficientStorageError()
        }
    }

    public func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? {
        try await bounded { [client, logger] in
            let rows = try await client.query(
                """
                SELECT key, api_token, username, name, avatar, created_at, expires_at FROM app_session
                WHERE key = \(key) AND expires_at > \(date.timeIntervalSince1970)
                """, logger: logger)
            for try await (key, apiToken, username, name, avatar, createdAt, expiresAt) in rows.decode(
                (Data, Data, String, String, String?, Double, Double).self)
            {
                return LocalSession(
                    key: key, apiToken: apiToken, user: User(username: username, name: name, avatar: avatar.flatMap(StoredAvatar.decode)),
                    createdAt: Date(timeIntervalSince1970: createdAt), expiresAt: Date(timeIntervalSince1970: expiresAt))
            }
            return nil
        }
    }

    public func deleteSession(withKey key: Data) async throws {
        try await bounded { [client, logger] in
            _ = try await client.query("DELETE FROM app_session WHERE key = \(key)", logger: logger)
        }
    }

    public func deleteSessions(expiredBy date: Date) async throws -> Int {
        try await bounded { [client, logger] in
            let rows = try await client.query(
                """
                WITH removed AS (DELETE FROM app_session WHERE expires_at <= \(date.timeIntervalSince1970) RETURNING 1)
                SELECT count(*) FROM removed
                """, logger: logger)
            for try await count in rows.decode(Int.self) { return count }
            return 0
        }
    }
}
