import ArgumentParser
import HTTPServerSupport

/// The proxies in front of a server whose `X-Forwarded-For` it believes: always this machine
/// (the app beside the API, a proxy beside either), and the ones named.
struct TrustedProxyOptions: ParsableArguments {
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The address or range (10.0.0.0/8) of a proxy, or of an app instance on another machine, whose X-Forwarded-For names the client; repeat for more. This machine is always trusted. Log-ins are throttled per client address.",
            valueName: "address"))
    var entries: [String] = []

    func validate() throws {
        do {
            _ = try TrustedProxies.loopback.adding(entries)
        } catch let error as TrustedProxies.InvalidEntry {
            throw ValidationError("--trusted-proxy: \(error)")
        }
    }

    var proxies: TrustedProxies {
        (try? TrustedProxies.loopback.adding(entries)) ?? .loopback
    }
}
