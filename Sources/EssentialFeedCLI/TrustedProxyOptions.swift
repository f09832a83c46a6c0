import ArgumentParser
import HTTPServerSupport

/// The proxies in front of a server whose `X-Forwarded-For` it believes.
struct TrustedProxyOptions: ParsableArguments {
    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The address or range (10.0.0.0/8) of a proxy whose X-Forwarded-For names the client; repeat for more. Log-ins are throttled per client address.",
            valueName: "address"))
    var entries: [String] = []

    func validate() throws {
        do {
            _ = try TrustedProxies(entries)
        } catch let error as TrustedProxies.InvalidEntry {
            throw ValidationError("--trusted-proxy: \(error)")
        }
    }

    var proxies: TrustedProxies {
        (try? TrustedProxies(entries)) ?? .none
    }
}
