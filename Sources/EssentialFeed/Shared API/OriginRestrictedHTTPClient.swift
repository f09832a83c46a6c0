import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests only to the origins it is given, over `http` or `https`: the addresses in
/// the API's answers are data from elsewhere, and an answer pointing at another port, host
/// or scheme must not make the app fetch it.
public struct OriginRestrictedHTTPClient: HTTPClient {
    /// `scheme://host[:port]`, the parts a URL is compared by.
    public struct Origin: Hashable, Sendable, CustomStringConvertible {
        let scheme: String
        let host: String
        let port: Int

        /// `nil` for a URL that is not `http` or `https` with a host.
        public init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host()?.lowercased(), !host.isEmpty
            else { return nil }
            self.scheme = scheme
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }

        public var description: String { "\(scheme)://\(host):\(port)" }
    }

    public struct DisallowedURLError: Error, Equatable, Sendable {
        public let url: URL

        public init(url: URL) {
            self.url = url
        }
    }

    private let decoratee: any HTTPClient
    private let allowed: Set<Origin>

    public init(decoratee: any HTTPClient, allowedOrigins: Set<Origin>) {
        self.decoratee = decoratee
        allowed = allowedOrigins
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try check(url)
        return try await decoratee.get(from: url)
    }

    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try check(url)
        return try await decoratee.get(from: url, headers: headers)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw ConnectivityError() }
        try check(url)
        return try await decoratee.send(request)
    }

    private func check(_ url: URL) throws {
        guard let origin = Origin(url), allowed.contains(origin), url.user == nil, url.password == nil else {
            throw DisallowedURLError(url: url)
        }
    }
}
