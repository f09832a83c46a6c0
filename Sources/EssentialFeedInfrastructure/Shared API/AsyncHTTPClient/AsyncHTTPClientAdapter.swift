import AsyncHTTPClient
import EssentialFeed
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's `HTTPClient`, on AsyncHTTPClient: built for a server under load, on the
/// same event loops, with pooled keep-alive connections, timeouts, and a cancellation
/// that reaches the server when the calling task is cancelled.
///
/// (FoundationNetworking's `URLSession` deadlocks on Linux when many requests are
/// cancelled under load, so nothing here goes through it.)
///
/// Delivers every status code and body as received. Throws `ConnectivityError` when no
/// usable response could be obtained (refused, unresolved, timed out, dropped, or a body
/// over `maxResponseBodySize`), and `CancellationError` when the calling task is cancelled.
/// Call `shutdown()` once it is no longer needed.
public final class AsyncHTTPClientAdapter: EssentialFeed.HTTPClient {
    public struct Configuration: Sendable {
        /// How long to wait for a connection: short, so an unreachable API soon falls back to the cache.
        public var connectTimeout: Duration
        /// The whole request, from sending it to the last byte of its body.
        public var requestTimeout: Duration
        public var maxResponseBodySize: Int
        /// Connections kept to one host; requests beyond them wait for a free one.
        public var maxConnectionsPerHost: Int

        public init(
            connectTimeout: Duration = .seconds(2),
            requestTimeout: Duration = .seconds(15),
            maxResponseBodySize: Int = 32 * 1024 * 1024,
            maxConnectionsPerHost: Int = 32
        ) {
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.maxResponseBodySize = maxResponseBodySize
            self.maxConnectionsPerHost = maxConnectionsPerHost
        }
    }

    let client: AsyncHTTPClient.HTTPClient
    private let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var clientConfiguration = AsyncHTTPClient.HTTPClient.Configuration()
        clientConfiguration.timeout = .init(connect: .init(configuration.connectTimeout), read: .init(configuration.requestTimeout))
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.maxConnectionsPerHost
        )
        // By default a refused connection is retried with backoff until the connect timeout,
        // so every load while the API is down would wait that long before the app falls back
        // to its cache. The app's own fallback is the retry: the next load tries again.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        // The API never redirects: a redirect could only lead the app somewhere it must not go.
        clientConfiguration.redirectConfiguration = .disallow
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
    }

    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        try await get(from: url, headers: [:])
    }

    public func get(from url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        try await execute(HTTPClientRequest(url: url.absoluteString), url: url, headers: headers)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw ConnectivityError() }
        var clientRequest = HTTPClientRequest(url: url.absoluteString)
        clientRequest.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        if let body = request.httpBody {
            clientRequest.body = .bytes(ByteBuffer(bytes: body))
        }
        return try await execute(clientRequest, url: url, headers: request.allHTTPHeaderFields ?? [:])
    }

    private func execute(_ request: HTTPClientRequest, url: URL, headers: [String: String]) async throws -> (Data, HTTPURLResponse) {
        var request = request
        for (name, value) in headers {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        do {
            let response = try await client.execute(request, timeout: .init(configuration.requestTimeout))
            let body = try await response.body.collect(upTo: configuration.maxResponseBodySize)
            guard
                let httpResponse = HTTPURLResponse(
                    url: url,
                    statusCode: Int(response.status.code),
                    httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
                    headerFields: Self.fields(response.headers)
                )
            else {
                throw ConnectivityError()
            }
            return (Data(body.readableBytesView), httpResponse)
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            throw ConnectivityError()
        }
    }

    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Repeated fields are joined with commas, as HTTP allows for all but `Set-Cookie`.
    private static func fields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return fields
    }
}

private extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
