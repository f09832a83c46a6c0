import EssentialFeed
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's `HTTPClient`, on Foundation's `URLSession`.
///
/// `URLSession` rather than AsyncHTTPClient: it is the same API on Apple
/// platforms and on Linux, it adds no dependency, and cancelling the calling
/// task cancels the request all the way to the server, which is what a screen
/// that goes away needs (checked against a real server in the tests).
///
/// Delivers every status code and body as received. Throws `ConnectivityError`
/// when no HTTP response could be obtained (connection refused, host not found,
/// timeout, dropped connection, or a response that is not HTTP), and
/// `CancellationError` when the calling task is cancelled.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

    public init(session: URLSession) {
        self.session = session
    }

    /// A client on an ephemeral session without URL cache, so that the app's
    /// own cache is the only one, with timeouts short enough that an
    /// unreachable API soon falls back to the cache.
    public convenience init() {
        self.init(session: Self.makeDefaultSession())
    }

    private static func makeDefaultSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 15
        configuration.timeoutIntervalForResource = 60
        return URLSession(configuration: configuration)
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch {
            throw Self.clientError(for: error)
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw ConnectivityError()
        }
        return (data, httpResponse)
    }

    private static func clientError(for error: any Error) -> any Error {
        if error is CancellationError || (error as? URLError)?.code == .cancelled || Task.isCancelled {
            return CancellationError()
        }
        return ConnectivityError()
    }
}
