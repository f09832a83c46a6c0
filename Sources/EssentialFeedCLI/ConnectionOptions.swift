import ArgumentParser
import HTTPServerHardening

/// How long the servers wait on slow or silent clients.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds a connection may stay open between requests.", valueName: "seconds"))
    var keepAliveTimeout: Double = 15

    @Option(help: ArgumentHelp("Seconds a client may take to send a request's head.", valueName: "seconds"))
    var headerReadTimeout: Double = 10

    @Option(help: ArgumentHelp("Seconds a request body or a response may make no progress.", valueName: "seconds"))
    var idleTimeout: Double = 30

    func validate() throws {
        for (name, value) in [("--keep-alive-timeout", keepAliveTimeout), ("--header-read-timeout", headerReadTimeout), ("--idle-timeout", idleTimeout)] {
            guard value > 0, value <= 3_600 else {
                throw ValidationError("\(name) must be more than 0 and at most 3600 seconds, got \(value).")
            }
        }
    }

    var limits: ConnectionLimits {
        ConnectionLimits(
            headerReadTimeout: .milliseconds(Int(headerReadTimeout * 1_000)),
            keepAliveTimeout: .milliseconds(Int(keepAliveTimeout * 1_000)),
            idleTimeout: .milliseconds(Int(idleTimeout * 1_000))
        )
    }
}
