import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

extension AppServer {
    /// The app on its real infrastructure, as one service: AsyncHTTPClient to the API, and
    /// the cache in `app-cache.sqlite` under `dataDirectory`, which is created when missing
    /// (a damaged cache file is set aside and started again; see `AppCacheOpening`).
    /// The HTTP client is shut down once the server has finished its last request.
    public static func buildService(
        _ configuration: Configuration,
        dataDirectory: URL,
        logger: Logger = Logger(label: "essential-feed.app"),
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async -> some Service {
        let store = AppCacheOpening.store(
            in: dataDirectory,
            imageDataCapacity: configuration.imageCacheCapacity,
            logger: logger,
            now: Date.init
        )
        let httpClient = AsyncHTTPClientAdapter()
        let application = await buildApplication(
            configuration,
            httpClient: httpClient,
            store: store,
            sessionStore: CachingSessionStore(decoratee: AppSessionsOpening.store(in: dataDirectory, logger: logger, now: Date())),
            logger: logger,
            onServerRunning: onServerRunning
        )
        return ApplicationWithHTTPClient(application: application, httpClient: httpClient, logger: logger)
    }
}

/// Runs the application with its own services, then releases the HTTP client they used.
private struct ApplicationWithHTTPClient<App: ApplicationProtocol>: Service {
    let application: App
    let httpClient: AsyncHTTPClientAdapter
    let logger: Logger

    func run() async throws {
        let group = ServiceGroup(configuration: .init(
            services: ([application] + application.services).map { .init(service: $0) },
            logger: logger
        ))
        do {
            try await group.run()
        } catch {
            try await httpClient.shutdown()
            throw error
        }
        try await httpClient.shutdown()
    }
}
