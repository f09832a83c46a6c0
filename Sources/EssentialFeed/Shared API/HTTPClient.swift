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
}

extension HTTPClient {
    /// Clients that send no extra fields still work with callers that pass conditional
    /// ones: without `If-None-Match` the server simply answers the whole representation.
    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url)
    }
}
