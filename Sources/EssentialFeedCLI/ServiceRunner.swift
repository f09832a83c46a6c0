import Logging
import ServiceLifecycle

enum ServiceRunner {
    /// Runs `services` until SIGINT or SIGTERM, then lets requests in flight finish for a
    /// few seconds before cancelling them, so a stop never waits on a slow client or API.
    static func runUntilSignalled(_ services: [any Service], logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: services.map { .init(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        configuration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: configuration).run()
    }
}
