import ArgumentParser
import FeedAPIDemo
import FeedAPIServer
import FeedAPIStorage
import HTTPServerSupport
import Logging

/// `essential-feed api`: runs the feed API server alone.
struct APICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Run the feed API server on an SQLite database, or on PostgreSQL beside other instances."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8081

    @OptionGroup(title: "Database")
    var storage: APIDatabaseOptions

    @Option(help: "The base URL of the image links in responses (default: http://<host>:<port>).")
    var publicURL: String?

    @Flag(help: "Fill an empty database with the demo feed; a database with items is left alone.")
    var demo = false

    @OptionGroup(title: "Logging")
    var logging: LoggingOptions

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @OptionGroup(title: "Proxies")
    var proxies: TrustedProxyOptions

    @OptionGroup(title: "Joining")
    var joining: RegistrationOptions

    func validate() throws {
        try ListeningAddress.validatePort(port, option: "--port")
    }

    func run() async throws {
        let logger = logging.start(label: "essential-feed.api")
        let address = ListeningAddress(host: host, port: port, portOption: "--port")
        try await address.checkAvailable()
        let metrics = ServerMetrics()
        try await storage.withStorage(metrics: metrics, logger: logger) { database in
            if demo {
                try await DemoData.seed(database, logger: logger)
            }
            var configuration = FeedAPIConfiguration(
                host: host, port: port, publicURL: publicURL, connectionLimits: connections.limits, trustedProxies: proxies.proxies)
            configuration.registration = joining.policy
            configuration.archivesDirectory = storage.archivesDirectory
            let app = try buildApplication(
                configuration,
                storage: database,
                metrics: metrics,
                logger: logger,
                onServerRunning: { _ in logger.notice("Essential Feed API is running at \(address.displayURL(path: "/essential-feed"))") })
            try await ServiceRunner.runUntilSignalled([app] + app.services, logger: logger)
        }
        logger.info("Stopped after finishing the requests in flight")
    }
}
