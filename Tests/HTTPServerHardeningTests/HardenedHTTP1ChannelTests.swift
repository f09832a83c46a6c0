import HTTPServerHardening
import Hummingbird
import NIOCore
import RawHTTPClient
import Synchronization
import Testing

/// A real server on loopback, spoken to byte by byte.
@Suite("HardenedHTTP1Channel", .timeLimit(.minutes(1)))
struct HardenedHTTP1ChannelTests {
    @Test func secondRequestOnAConnection_isServedOnTheSameConnection() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello"))
            let first = await connection.responses(count: 1)
            try await connection.send(get("/hello"))
            let both = await connection.responses(count: 2)

            #expect(first.first?.status == 200)
            #expect(first.first?.headers["connection"] == nil, "HTTP/1.1 keeps the connection without saying so")
            #expect(both.map(\.status) == [200, 200])
            #expect(both.map(\.body) == ["hello", "hello"])
            await connection.close()
        }
    }

    @Test func pipelinedRequests_areAnsweredInOrderOnOneConnection() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello") + get("/missing") + get("/hello"))

            #expect(await connection.responses(count: 3).map(\.status) == [200, 404, 200])
            await connection.close()
        }
    }

    @Test func requestAskingToClose_isAnsweredThenTheConnectionCloses() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", headers: ["Connection: close"]))

            #expect(await connection.responses(count: 1).first?.headers["connection"] == "close")
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func http11WithoutHost_is400AndClosed_butHTTP10WithoutHostIsServed() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let withoutHost = try await RawConnection.open(port: port)
            try await withoutHost.send("GET /hello HTTP/1.1\r\nAccept: */*\r\n\r\n")
            #expect(await withoutHost.responses(count: 1).first?.status == 400)
            #expect(await withoutHost.waitUntilClosedByServer())

            let old = try await RawConnection.open(port: port)
            try await old.send("GET /hello HTTP/1.0\r\n\r\n")
            #expect(await old.responses(count: 1).first?.body == "hello")
        }
    }

    @Test func http10WithoutKeepAlive_closesAfterTheResponse() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", version: "HTTP/1.0"))

            let response = await connection.responses(count: 1).first
            #expect(response?.statusLine.hasPrefix("HTTP/1.0 200") == true)
            #expect(response?.body == "hello")
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func http10AskingForKeepAlive_keepsTheConnection() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", version: "HTTP/1.0", headers: ["Connection: keep-alive"]))
            let first = await connection.responses(count: 1)
            try await connection.send(get("/hello", version: "HTTP/1.0", headers: ["Connection: keep-alive"]))

            #expect(first.first?.headers["connection"] == "keep-alive")
            #expect(await connection.responses(count: 2).map(\.status) == [200, 200])
            await connection.close()
        }
    }

    @Test func largeBodyOnARouteThatTakesNone_isRefusedUnreadAndTheServerKeepsAnswering() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(get("/hello", headers: ["Content-Length: 104857600"]))
            // The server may close before all of it is written: that is the point.
            try? await connection.send(ByteBuffer(repeating: UInt8(ascii: "x"), count: 256 * 1024))

            let refusal = await connection.responses(count: 1).first
            #expect(refusal?.status == 413)
            #expect(refusal?.headers["connection"] == "close")
            #expect(await connection.waitUntilClosedByServer())

            let next = try await RawConnection.open(port: port)
            try await next.send(get("/hello"))
            #expect(await next.responses(count: 1).first?.status == 200)
            await next.close()
        }
    }

    /// A client that writes its whole body before reading, as most HTTP libraries do, still
    /// reads the refusal: the server drains what arrives rather than resetting the connection.
    @Test func refusalSentMidBody_reachesAClientThatReadsOnlyOnceItHasSentEverything() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: 32 * 1024 * 1024)
            let answer = try await Task.detached {
                try BlockingSocket.exchange(
                    port: port, sending: Array(get("/hello", headers: ["Content-Length: \(body.count)"]).utf8) + body)
            }.value
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(80))")
        }
    }

    @Test func chunkedBodyOnARouteThatTakesNone_isRefused() async throws {
        try await withHardenedServer(routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", headers: ["Transfer-Encoding: chunked"]) + "zz\r\nnot a chunk\r\n")

            #expect(await connection.responses(count: 1).first?.status == 413)
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func headerOverTheSizeLimit_isRefused() async throws {
        try await withHardenedServer(limits: ConnectionLimits(maxHeaderFieldSize: 1_024), routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", headers: ["X-Padding: " + String(repeating: "a", count: 4_096)]))

            #expect(await connection.responses(count: 1).first?.status == 400)
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func tooManyHeaderFields_areRefused() async throws {
        try await withHardenedServer(limits: ConnectionLimits(maxHeaderFieldCount: 20), routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            try await connection.send(get("/hello", headers: (0..<50).map { "X-Field-\($0): value" }))

            #expect(await connection.responses(count: 1).first?.status == 400)
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func silentConnection_isClosedAfterTheKeepAliveTimeout() async throws {
        let limits = ConnectionLimits(headerReadTimeout: .seconds(30), keepAliveTimeout: .milliseconds(200))
        try await withHardenedServer(limits: limits, routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)

            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func connectionIdleAfterAResponse_isClosedAfterTheKeepAliveTimeout() async throws {
        // The timeout also runs before the first request: long enough for a busy machine to send it.
        let limits = ConnectionLimits(headerReadTimeout: .seconds(30), keepAliveTimeout: .seconds(10))
        try await withHardenedServer(limits: limits, routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(get("/hello"))

            #expect(await connection.responses(count: 1).first?.status == 200)
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func headSentSlowly_isClosedAfterTheHeaderReadTimeout() async throws {
        let limits = ConnectionLimits(headerReadTimeout: .milliseconds(300), keepAliveTimeout: .seconds(30))
        try await withHardenedServer(limits: limits, routes: helloRoute) { port in
            let connection = try await RawConnection.open(port: port)
            let trickle = Task {
                for character in "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "s", count: 400) {
                    try await connection.send(String(character))
                    try await Task.sleep(for: .milliseconds(20))
                }
            }

            #expect(await connection.waitUntilClosedByServer())
            trickle.cancel()
        }
    }

    @Test func clientGoingAway_cancelsTheWorkOfItsRequest() async throws {
        let started = AsyncStream<Void>.makeStream()
        let cancelled = AsyncStream<Void>.makeStream()
        try await withHardenedServer(routes: { router in
            router.get("/wait") { _, _ -> Response in
                try await cancellingWhenClientGoes {
                    started.continuation.yield()
                    do {
                        try await Task.sleep(for: .seconds(60))
                    } catch {
                        cancelled.continuation.yield()
                        throw error
                    }
                }
                return Response(status: .ok)
            }
        }) { port in
            let connection = try await RawConnection.open(port: port)
            try await connection.send(get("/wait"))
            var startedEvents = started.stream.makeAsyncIterator()
            _ = await startedEvents.next()

            await connection.close()

            var cancelledEvents = cancelled.stream.makeAsyncIterator()
            #expect(await cancelledEvents.next() != nil)
        }
    }

    @Test func workOfAnAnsweredRequest_isNotCancelledByTheNextRequest() async throws {
        let cancellations = Mutex(0)
        try await withHardenedServer(routes: { router in
            router.get("/work") { _, _ -> Response in
                let text = try await cancellingWhenClientGoes {
                    do {
                        try await Task.sleep(for: .milliseconds(10))
                        return "done"
                    } catch {
                        cancellations.withLock { $0 += 1 }
                        throw error
                    }
                }
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: text)))
            }
        }) { port in
            let connection = try await RawConnection.open(port: port)
            for index in 1...3 {
                try await connection.send(get("/work"))
                _ = await connection.responses(count: index)
            }

            #expect(await connection.responses(count: 3).map(\.body) == ["done", "done", "done"])
            #expect(cancellations.withLock { $0 } == 0)
            await connection.close()
        }
    }

    private func helloRoute(_ router: Router<BasicRequestContext>) {
        router.get("/hello") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "hello")))
        }
    }
}
