import ArgumentParser
import EssentialApp
import FeedAPIDemo
import FeedAPIServer
import FeedAPIStorage
import Foundation
import HTTPServerSupport
import Logging
import ServiceLifecycle

/// `essential-feed` / `essential-feed run`: the API server on its demo data and the app
/// pointed at it, in one process, both stopping cleanly on SIGINT or SIGTERM.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the demo feed API and the app pointed at it (the default)."
    )

    @Option(help: "The address both servers listen on.")
    var host = "127.0.0.1"

    @Option(help: "The app's port: the address to open in a browser.")
    var port = 8080

    @Option(help: "The feed API's port.")
    var apiPort = 8081

    @Option(help: "The folder of the API's database (api.sqlite) and the app's cache (app-cache.sqlite); created when missing.")
    var dataDir = "./.essential-feed"

    @OptionGroup(title: "Logging")
    var logging: LoggingOptions

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @OptionGroup(title: "Cache")
    var cache: CacheOptions

    @OptionGroup(title: "Screens")
    var screens: ScreenAssetsOptions

    @OptionGroup(title: "Joining")
    var joining: RegistrationOptions

    func validate() throws {
        try ListeningAddress.validatePort(port, option: "--port")
        try ListeningAddress.validatePort(apiPort, option: "--api-port")
        guard port != apiPort else {
            throw ValidationError("--port and --api-port must differ, both are \(port).")
        }
    }

    func run() async throws {
        let logger = logging.start(label: "essential-feed")
        let appAddress = ListeningAddress(host: host, port: port, portOption: "--port")
        let apiAddress = ListeningAddress(host: host, port: apiPort, portOption: "--api-port")
        try await appAddress.checkAvailable()
        try await apiAddress.checkAvailable()
        let directory = URL(filePath: dataDir, directoryHint: .isDirectory)
        guard let apiBaseURL = URL(string: "http://\(host):\(apiPort)/essential-feed") else {
            throw ValidationError("Invalid --host \(host)")
        }

        let apiLogger = Logger(label: "essential-feed.api")
        let database = try APIDatabase.open(path: directory.appending(path: "api.sqlite").path)
        try await DemoData.seed(database, logger: apiLogger)
        var configuration = FeedAPIConfiguration(
            host: host,
            port: apiPort,
            connectionLimits: connections.limits,
            // The app logs people in from this machine, passing on each browser's address.
            trustedProxies: (try? TrustedProxies(["127.0.0.0/8", "::1", host])) ?? .loopback
        )
        configuration.registration = joining.policy
        configuration.archivesDirectory = directory.appending(path: "archives", directoryHint: .isDirectory)
        let api = try buildApplication(
            configuration,
            database: database,
            logger: apiLogger
        )
        let app = try await AppServer.buildService(
            .init(
                host: host, port: port, apiBaseURL: apiBaseURL, connectionLimits: connections.limits, imageCacheCapacity: cache.imageCacheBytes,
                offlineStorage: cache.offlineStorage, assetsDirectory: screens.directory),
            dataDirectory: directory,
            logger: Logger(label: "essential-feed.app"),
            onServerRunning: { _ in
                logger.notice("Essential Feed is running at \(appAddress.displayURL())")
                logger.notice("Log in with the username \(DemoAccounts.logInUsername) and the password \(DemoAccounts.logInPassword)")
            }
        )

        // The API's own services run beside it, as `runService()` would run them.
        try await ServiceRunner.runUntilSignalled([api] + api.services + [app], logger: logger)
        logger.info("Stopped after finishing the requests in flight")
    }
}
