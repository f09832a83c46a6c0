import Foundation
import HTTPServerHardening
import HTTPServerSupport
import NIOCore

/// Everything `buildApplication(_:database:)` needs besides its database, as plain values.
public struct FeedAPIConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The base the absolute URLs in responses are built from; `http://<host>:<port>` when `nil`.
    public var publicURL: String?
    /// Timeouts, head sizes and how many connections are served at once.
    public var connectionLimits: ConnectionLimits
    /// The proxies (and the app, when it logs people in) whose `X-Forwarded-For` names the
    /// client a log-in is throttled by: by default this machine's, so an app beside the API
    /// passes on each person's address without configuration.
    public var trustedProxies: TrustedProxies
    /// Photo uploads taken at once; more are answered `503` before their bodies are read.
    public var simultaneousUploads: Int
    /// Who may create an account, and whether members invite others.
    public var registration = RegistrationPolicy()
    /// Where people's exports and imports are kept while they run and for seven days after;
    /// instances that share a database share this folder too. Without it, there are no exports.
    public var archivesDirectory: URL?

    /// Two photos being processed per core, and as many bodies waiting for their turn:
    /// 48 uploads at once stay within a few hundred MiB.
    public static var defaultSimultaneousUploads: Int { 2 * System.coreCount }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8081,
        publicURL: String? = nil,
        connectionLimits: ConnectionLimits = ConnectionLimits(),
        simultaneousUploads: Int = FeedAPIConfiguration.defaultSimultaneousUploads,
        trustedProxies: TrustedProxies = .loopback
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.connectionLimits = connectionLimits
        self.simultaneousUploads = simultaneousUploads
        self.trustedProxies = trustedProxies
    }

    var resolvedPublicURL: String {
        publicURL ?? "http://\(host):\(port)"
    }
}
