import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The only way the core reaches the network.
///
/// Implementations deliver every status code and body as received, throw
/// `ConnectivityError` when no response could be obtained, and throw
/// `CancellationError` when the calling task is cancelled.
public protocol HTTPClient: Sendable {
    func get(from url: URL) async throws -> (Data, HTTPURLResponse)

    /// The same request with extra header fields, such as `If-None-Match`.
    func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse)

    /// Any request: its method, header fields and body, as the endpoints build them.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// A client that only knows `get` was asked to send another method.
public struct UnsupportedHTTPMethodError: Error, Equatable, Sendable {
    public let method: String

    public init(method: String) {
        self.method = method
    }
}

extension HTTPClient {
    /// Clients that send no extra fields still work with callers that pass conditional
    /// ones: without `If-None-Match` the server simply answers the whole representation.
    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url)
    }
}

extension HTTPClient {
    /// Clients written before `send` existed still send GET requests, through `get`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let method = request.httpMethod ?? "GET"
        guard method == "GET", let url = request.url else { throw UnsupportedHTTPMethodError(method: method) }
        return try await get(from: url, headers: request.allHTTPHeaderFields ?? [:])
    }
}
