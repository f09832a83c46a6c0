import CoreMetrics
import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO
import PostgresSupport
import ServiceLifecycle

/// The API's stores on one PostgreSQL database, for several API instances at once: the feed,
/// the news, accounts, tokens and log-in throttling, with one data version they all follow.
///
/// `run()` (a service) keeps the connection pool and the change notifications going; the
/// stores work only while it runs. Migrate once it runs, before serving.
public final class PostgresAPIDatabase: APIStorage, Service {
    package let feed: PostgresFeedRepository
    package let news: PostgresNewsStore
    package let accounts: PostgresAccountStore
    package let social: PostgresSocialGraph
    package let moderation: PostgresModeration
    package let changes = FeedChanges(hearing: false)
    private let client: PostgresClient
    private let version: SharedDataVersion
    private let deadline: DatabaseDeadline
    private let logger: Logger
    private let clientRun = ClientRunSignal()

    /// - Parameters:
    ///   - url: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
    ///   - password: the password, when not in the URL (else `PGPASSWORD`).
    ///   - poolSize: the most connections this instance opens, besides one for the event
    ///     notifications.
    ///   - operationDeadline: how long a request's read or write may take, waiting for a
    ///     connection included, before it fails with `DatabaseUnavailable` (bulk writes —
    ///     imports, the demo — are not bounded).
    ///   - metrics: where the pool's use and waits are counted.
    public init(
        url: String, password: String? = nil, poolSize: Int = 20, operationDeadline: Duration = .seconds(5), metrics: (any MetricsFactory)? = nil,
        logger: Logger = Logger(label: "essential-feed.api")
    ) throws {
        // The event notifications hold one more connection than `poolSize` counts.
        let connections = poolSize + 1
        let configuration = try PostgresURL(url, password: password).configuration(poolSize: connections)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let version = SharedDataVersion()
        self.client = client
        self.version = version
        self.logger = logger
        // The change notifications hold one of the pool's connections for good; the events, one more.
        let deadline = DatabaseDeadline(
            operationDeadline, poolUse: metrics.map { PoolUse(connections: poolSize, reserved: 1, metrics: $0) })
        self.deadline = deadline
        feed = PostgresFeedRepository(client: client, version: version, deadline: deadline, logger: logger)
        news = PostgresNewsStore(client: client, version: version, deadline: deadline, logger: logger)
        accounts = PostgresAccountStore(client: client, deadline: deadline, logger: logger)
        social = PostgresSocialGraph(client: client, version: version, deadline: deadline, logger: logger)
        moderation = PostgresModeration(client: client, version: version, deadline: deadline, logger: logger)
    }

    /// Runs the connection pool and the change notifications until cancelled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.clientRun.run(self.client) }
            group.addTask {
                await self.clientRun.untilRunning()
                await self.version.listen(through: self.client, logger: self.logger)
            }
            group.addTask {
                await self.clientRun.untilRunning()
                await PostgresChangeListener.listen(through: self.client, telling: self.changes, logger: self.logger)
            }
        }
    }

    /// Brings the schema up to date (saying so when it made a new one).
    /// - Throws: `NotAnAPIPostgresDatabase` for a database of something else, left as it was.
    public func migrate() async throws {
        await clientRun.untilRunning()
        if try await PostgresMigrations.migrate(client, logger: logger) {
            logger.notice("Created the API's tables in a new PostgreSQL database")
        }
    }

    /// Returns once this instance follows the other instances' writes (its answers are
    /// cached from then on).
    package func untilFollowingChanges() async {
        await version.untilListening()
        await changes.untilHearing()
    }

    /// Returns once the data version has moved past `version`: another instance's write, say.
    package func untilDataVersion(exceeds version: UInt64) async {
        await self.version.untilChanged(after: version)
    }

    /// Whether the database answers a read now (within the operations' deadline).
    package func isReachable() async -> Bool {
        let client = client
        let logger = logger
        do {
            return try await deadline.bounded {
                try await PostgresFeedRepository.existsOnClient("SELECT EXISTS (SELECT 1 FROM schema_migration)", client: client, logger: logger)
            }
        } catch {
            return false
        }
    }
}
