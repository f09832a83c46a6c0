import ArgumentParser
import EssentialApp
import Foundation
import Logging

/// `essential-feed app`: runs the app alone, against any API with the seeds' contract.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Run the app against a feed API, with its cache on disk."
    )

    @Option(help: "The feed API's base URL, such as http://127.0.0.1:8081/essential-feed.")
    var apiURL: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(help: "The folder of the app's cache (app-cache.sqlite) and sessions (app-sessions.sqlite); created when missing.")
    var dataDir = "./.essential-feed"

    @Option(help: "The address people open, when a proxy serves the app (https://feed.example): forms are accepted from it, and with https the cookies are Secure.")
    var publicURL: String?

    @OptionGroup(title: "Logging")
    var logging: LoggingOptions

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @OptionGroup(title: "Proxies")
    var proxies: TrustedProxyOptions

    @Option(
        name: .customLong("image-origin"),
        help: ArgumentHelp("An origin besides the API's (https://cdn.example) that image links may point at; repeat for more. The app fetches from no other.", valueName: "origin"))
    var imageOrigins: [String] = []

    @OptionGroup(title: "Cache")
    var cache: CacheOptions

    @OptionGroup(title: "Screens")
    var screens: ScreenAssetsOptions

    @Option(
        help: ArgumentHelp(
            "A postgres://USER:PASSWORD@HOST:PORT/DATABASE every app instance shares for the log-ins (default: app-sessions.sqlite in --data-dir, for one instance).",
            valueName: "url"))
    var sessionsDatabase: String?

    @Option(help: "With sessions in PostgreSQL, the most connections this process opens to it.")
    var sessionsPoolSize = 10

    func validate() throws {
        try ListeningAddress.validatePort(port, option: "--port")
        if let sessionsDatabase, !APIDatabaseLocation(sessionsDatabase).isPostgres {
            throw ValidationError("--sessions-database must be a postgres:// URL (without it, app-sessions.sqlite in --data-dir), got \(sessionsDatabase)")
        }
        guard (1...500).contains(sessionsPoolSize) else {
            throw ValidationError("--sessions-pool-size must be from 1 to 500 connections, got \(sessionsPoolSize).")
        }
        guard apiBaseURL != nil else {
            throw ValidationError("--api-url must be an absolute http or https URL, such as http://127.0.0.1:8081/essential-feed")
        }
        if publicURL != nil, publicAddress == nil {
            throw ValidationError("--public-url must be an absolute http or https URL, such as https://feed.example")
        }
    }

    private var publicAddress: URL? {
        guard let publicURL, let url = URL(string: publicURL), url.scheme == "http" || url.scheme == "https", url.host() != nil else { return nil }
        return url
    }

    private var apiBaseURL: URL? {
        guard let url = URL(string: apiURL), url.scheme == "http" || url.scheme == "https", url.host() != nil else { return nil }
        return url
    }

    private static func origin(_ text: String) throws -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host() != nil else {
            throw ValidationError("--image-origin must be an http or https origin such as https://cdn.example, got \(text)")
        }
        return url
    }

    func run() async throws {
        guard let apiBaseURL else { throw ValidationError("Invalid --api-url \(apiURL)") }
        let logger = logging.start(label: "essential-feed.app")
        let address = ListeningAddress(host: host, port: port, portOption: "--port")
        try await address.checkAvailable()
        var sessions = AppServer.SessionsLocation.dataDirectory
        if let sessionsDatabase {
            sessions = .postgres(url: sessionsDatabase, poolSize: sessionsPoolSize)
        }
        let app = try await AppServer.buildService(
            .init(
                host: host, port: port, apiBaseURL: apiBaseURL, connectionLimits: connections.limits,
                imageCacheCapacity: cache.imageCacheBytes, publicURL: publicAddress, trustedProxies: proxies.proxies,
                imageOrigins: try imageOrigins.map(Self.origin), offlineStorage: cache.offlineStorage,
                assetsDirectory: screens.directory),
            dataDirectory: URL(filePath: dataDir, directoryHint: .isDirectory),
            sessions: sessions,
            logger: logger,
            onServerRunning: { _ in logger.notice("Essential Feed is running at \(address.displayURL())") }
        )
        try await ServiceRunner.runUntilSignalled([app], logger: logger)
        logger.info("The app stopped after finishing the requests in flight")
    }
}
