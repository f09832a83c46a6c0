import AsyncHTTPClient
import EssentialFeed
import Foundation
import NIOCore
import NIOHTTP1

/// A response whose body goes on as long as its server sends (Server-Sent Events).
public struct OpenedEventStream: Sendable {
    public let status: Int
    /// `Retry-After`, when the server said when to try again.
    public let retryAfter: String?
    /// The body as it arrives; ends when the server ends it, throws when the connection fails.
    public let body: AsyncThrowingStream<ByteBuffer, any Error>

    public init(status: Int, retryAfter: String? = nil, body: AsyncThrowingStream<ByteBuffer, any Error>) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
    }
}

/// Opens event streams to the API.
public protocol EventStreamOpening: Sendable {
    /// A `GET` of `url` with `headers`, answered once the response's head arrived.
    /// - Throws: `ConnectivityError` when no response came.
    func openEventStream(url: URL, headers: [String: String]) async throws -> OpenedEventStream
}

/// Event streams on their own AsyncHTTPClient: each holds a connection as long as it is open,
/// which must never take one the app's requests are waiting for. A stream is cut when nothing
/// arrives for `quietLimit` (its server sends heartbeats more often).
public final class AsyncHTTPEventStreamClient: EventStreamOpening {
    private let client: AsyncHTTPClient.HTTPClient

    public init(maximumStreams: Int = 2_000, connectTimeout: Duration = .seconds(2), quietLimit: Duration = .seconds(40)) {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration()
        configuration.timeout = .init(connect: .init(connectTimeout), read: .init(quietLimit))
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: maximumStreams)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func openEventStream(url: URL, headers: [String: String]) async throws -> OpenedEventStream {
        var request = HTTPClientRequest(url: url.absoluteString)
        for (name, value) in headers {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        let response: HTTPClientResponse
        do {
            // The stream's own bound is its server's; the quiet limit cuts a dead one.
            response = try await client.execute(request, deadline: .now() + .hours(24))
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            throw ConnectivityError()
        }
        let (body, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(64))
        let reading = Task {
            do {
                for try await buffer in response.body {
                    continuation.yield(buffer)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reading.cancel() }
        return OpenedEventStream(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), body: body)
    }

    public func shutdown() async throws {
        try await client.shutdown()
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
