import Foundation
import NIOCore
import NIOPosix

/// A client connection that sends exactly the bytes it is given and reads what comes
/// back, so tests can speak HTTP/1 the way a hostile or broken client would.
public final class RawConnection: Sendable {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    private let received: ByteBufferCollector

    private init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, received: ByteBufferCollector) {
        self.channel = channel
        self.received = received
    }

    public static func open(port: Int) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let collector = ByteBufferCollector()
        let connection = RawConnection(channel: channel, received: collector)
        Task { await connection.readUntilClosed() }
        return connection
    }

    public func send(_ text: String) async throws {
        try await channel.channel.writeAndFlush(ByteBuffer(string: text))
    }

    public func send(_ bytes: ByteBuffer) async throws {
        try await channel.channel.writeAndFlush(bytes)
    }

    /// Closes the sending side only, as a client that hangs up mid-request but still reads.
    public func finishSending() async throws {
        try await channel.channel.close(mode: .output)
    }

    public func close() async {
        try? await channel.channel.close()
    }

    /// Everything received so far, as text.
    public var text: String {
        get async { await received.text }
    }

    /// Waits until the server has closed the connection, for at most `limit`.
    /// Returns whether it closed.
    public func waitUntilClosedByServer(within limit: Duration = .seconds(30)) async -> Bool {
        await received.waitUntilClosed(within: limit)
    }

    /// Waits until `count` whole responses (heads and `Content-Length` bodies) arrived.
    public func responses(count: Int, within limit: Duration = .seconds(30)) async -> [RawResponse] {
        await received.waitFor(within: limit) { RawResponse.parseAll($0).count >= count }
        return RawResponse.parseAll(await received.text)
    }

    /// Waits until what arrived so far satisfies `condition` (a stream's next event, say), for
    /// at most `limit`; gives what arrived.
    public func received(within limit: Duration = .seconds(30), until condition: @Sendable (String) -> Bool) async -> String {
        await received.waitFor(within: limit, condition)
        return await received.text
    }

    private func readUntilClosed() async {
        do {
            try await channel.executeThenClose { inbound, _ in
                for try await buffer in inbound {
                    await received.append(buffer)
                }
            }
        } catch {}
        await received.markClosed()
    }
}

public struct RawResponse: Equatable, Sendable {
    public let statusLine: String
    public let headers: [String: String]
    public let body: String

    public var status: Int? { statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } }

    /// Responses framed by `Content-Length` (what the servers under test send).
    public static func parseAll(_ text: String) -> [RawResponse] {
        var responses: [RawResponse] = []
        var rest = Substring(text)
        while let headEnd = rest.range(of: "\r\n\r\n") {
            let lines = rest[..<headEnd.lowerBound].components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = headers["content-length"].flatMap { Int($0) } ?? 0
            let bodyStart = headEnd.upperBound
            guard rest[bodyStart...].utf8.count >= length else { break }
            let bodyEnd = rest.utf8.index(bodyStart, offsetBy: length)
            responses.append(RawResponse(statusLine: lines[0], headers: headers, body: String(rest[bodyStart..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}

private actor ByteBufferCollector {
    private var bytes = ByteBuffer()
    private var isClosed = false

    var text: String { String(buffer: bytes) }

    func append(_ buffer: ByteBuffer) {
        var buffer = buffer
        bytes.writeBuffer(&buffer)
    }

    func markClosed() { isClosed = true }

    func waitUntilClosed(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !isClosed, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return isClosed
    }

    /// Polls what has arrived until `condition` holds or `limit` passes: the server's
    /// answer is an event on another thread, and this is the test waiting for it.
    func waitFor(within limit: Duration, _ condition: @Sendable (String) -> Bool) async {
        let deadline = ContinuousClock.now + limit
        while !condition(text), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
