import EssentialFeedInfrastructure
import Foundation
import Hummingbird
import Logging

extension AppServer {
    /// The app on its real infrastructure: URLSession to the API, and the cache in
    /// `app-cache.sqlite` under `dataDirectory`, which is created when missing.
    public static func buildApplication(
        _ configuration: Configuration,
        dataDirectory: URL,
        logger: Logger = Logger(label: "essential-feed.app"),
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let store = try GRDBFeedStore(path: dataDirectory.appending(path: "app-cache.sqlite").path)
        return await buildApplication(
            configuration,
            httpClient: URLSessionHTTPClient(),
            store: store,
            logger: logger,
            onServerRunning: onServerRunning
        )
    }
}
