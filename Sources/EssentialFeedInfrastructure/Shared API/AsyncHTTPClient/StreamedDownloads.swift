import AsyncHTTPClient
import EssentialFeed
import Foundation
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body is handed on as it arrives, read only as fast as it is taken: a file
/// too large to hold in memory (a person's data export) passes through.
public struct StreamedDownload: Sendable {
    public let status: Int
    public let contentLength: Int?
    public let body: AsyncThrowingStream<ByteBuffer, any Error>

    public init(status: Int, contentLength: Int?, body: AsyncThrowingStream<ByteBuffer, any Error>) {
        self.status = status
        self.contentLength = contentLength
        self.body = body
    }

    /// A body already in memory, as one chunk.
    public init(status: Int, data: Data) {
        let (body, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        if !data.isEmpty { continuation.yield(ByteBuffer(bytes: data)) }
        continuation.finish()
        self.init(status: status, contentLength: data.count, body: body)
    }
}

/// Fetches files the app passes on to the browser without keeping them.
public protocol StreamedDownloading: Sendable {
    /// - Throws: `ConnectivityError` when no response came.
    func download(_ request: URLRequest) async throws -> StreamedDownload
}

extension AsyncHTTPClientAdapter: StreamedDownloading {
    /// Downloads may last as long as an hour: the file is as large as a person's photos.
    public func download(_ request: URLRequest) async throws -> StreamedDownload {
        guard let url = request.url else { throw ConnectivityError() }
        var clientRequest = HTTPClientRequest(url: url.absoluteString)
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            clientRequest.headers.replaceOrAdd(name: name, value: value)
        }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(clientRequest, deadline: .now() + .hours(1))
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            throw ConnectivityError()
        }
        let chunks = ChunkReader(response.body.makeAsyncIterator())
        return StreamedDownload(
            status: Int(response.status.code), contentLength: response.headers.first(name: "Content-Length").flatMap { Int($0) },
            body: AsyncThrowingStream(unfolding: { try await chunks.next() }))
    }
}

/// The body's chunks, one asked for at a time: the stream pulls the next only when the last was taken.
private final class ChunkReader: @unchecked Sendable {
    // Only the stream's unfolding closure uses it, one call after the other.
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> ByteBuffer? {
        try await iterator.next()
    }
}
