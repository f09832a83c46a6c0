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
}
