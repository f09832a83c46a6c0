import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPServerSupport
import Hummingbird
import Logging
import ServiceLifecycle

extension AppServer {
    /// The app on its real infrastructure, as one service: AsyncHTTPClient to the API, and
    /// the cache in `app-cache.sqlite` under `dataDirectory`, which is created when missing
    /// (a damaged cache file is set aside and started again; see `AppCacheOpening`).
    /// The HTTP client is shut down once the server has finished its last request.
    /// Where the app keeps its log-ins.
    public enum SessionsLocation: Sendable {
        /// `app-sessions.sqlite` in the data directory: one app instance.
        case dataDirectory
        /// A PostgreSQL database every app instance shares. Read there on every request: a
        /// session ended through one instance must be dead on all at once.
        case postgres(url: String, poolSize: Int)
    }

    public static func buildService(
        _ configuration: Configuration,
        dataDirectory: URL,
        sessions sessionsLocation: SessionsLocation = .dataDirectory,
        logger: Logger = Logger(label: "essential-feed.app"),
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async throws -> some Service {
        let store = AppCacheOpening.store(
            in: dataDirectory,
            imageDataCapacity: configuration.imageCacheCapacity,
            logger: logger,
            now: Date.init
        )
        let metrics = ServerMetrics()
        let sessionStore: any SessionStore
        var sharedSessions: PostgresSessionStore?
        switch sessionsLocation {
        case .dataDirectory:
            sessionStore = CachingSessionStore(decoratee: try AppSessionsOpening.store(in: dataDirectory, logger: logger, now: Date()))
        case let .postgres(url, poolSize):
            let shared = try PostgresSessionStore(url: url, poolSize: poolSize, metrics: metrics.factory, logger: logger)
            sharedSessions = shared
            sessionStore = shared
        }
        let httpClient = AsyncHTTPClientAdapter()
        let eventStreams = AsyncHTTPEventStreamClient()
        let application = await buildApplication(
            configuration,
            httpClient: httpClient,
            store: store,
            sessionStore: sessionStore,
            eventStreams: eventStreams,
            downloads: httpClient,
            metrics: metrics,
            logger: logger,
            onServerRunning: onServerRunning
        )
        return ApplicationWithHTTPClient(
            application: application, httpClient: httpClient, eventStreams: eventStreams, sharedSessions: sharedSessions, logger: logger)
    }
}

/// Runs the application with its own services, then releases the HTTP client they used.
/// Sessions shared in PostgreSQL are connected and migrated first, and disconnected last.
private struct ApplicationWithHTTPClient<App: ApplicationProtocol>: Service {
    let application: App
    let httpClient: AsyncHTTPClientAdapter
    let eventStreams: AsyncHTTPEventStreamClient
    let sharedSessions: PostgresSessionStore?
    let logger: Logger

    func run() async throws {
        guard let sharedSessions else { return try await runApplication() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await sharedSessions.run() }
            defer { group.cancelAll() }
            try await sharedSessions.migrate()
            try await runApplication()
        }
    }

    private func runApplication() async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: ([application] + application.services).map { .init(service: $0) },
                logger: logger
            ))
        do {
            try await group.run()
        } catch {
            try await shutDownClients()
            throw error
        }
        try await shutDownClients()
    }

    private func shutDownClients() async throws {
        try await eventStreams.shutdown()
        try await httpClient.shutdown()
    }
}
