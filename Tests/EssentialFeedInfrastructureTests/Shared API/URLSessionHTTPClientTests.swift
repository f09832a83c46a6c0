import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Hummingbird
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Against a real HTTP server on loopback: what the client sends, what it
/// delivers, and how it fails.
@Suite("URLSessionHTTPClient", .timeLimit(.minutes(1)))
struct URLSessionHTTPClientTests {

    @Test func get_requestsTheGivenURL() async throws {
        let (requests, recordRequest) = AsyncStream<String>.makeStream()

        try await withLoopbackServer(routes: { router in
            router.get("essential-feed/v1/feed") { request, _ -> Response in
                recordRequest.yield(request.uri.description)
                return Response(status: .ok)
            }
        }) { baseURL in
            let url = URL(string: "\(baseURL)/essential-feed/v1/feed?limit=10&after_id=6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E")!

            _ = try await makeSUT().get(from: url)
        }

        var received = requests.makeAsyncIterator()
        #expect(await received.next() == "/essential-feed/v1/feed?limit=10&after_id=6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E")
    }

    @Test(arguments: [200, 201, 404, 500])
    func get_deliversStatusCodeAndBodyAsReceived(_ statusCode: Int) async throws {
        let body = Data(#"{"message": "status \#(statusCode)"}"#.utf8)

        let (data, response) = try await withLoopbackServer(routes: { router in
            router.get("resource") { _, _ in
                Response(status: .init(code: statusCode), body: .init(byteBuffer: ByteBuffer(bytes: body)))
            }
        }) { baseURL in
            try await makeSUT().get(from: baseURL.appendingPathComponent("resource"))
        }

        #expect(response.statusCode == statusCode)
        #expect(data == body)
    }

    @Test(arguments: [200, 204, 304])
    func get_deliversAnEmptyBodyAsReceived(_ statusCode: Int) async throws {
        let (data, response) = try await withLoopbackServer(routes: { router in
            router.get("empty") { _, _ in Response(status: .init(code: statusCode)) }
        }) { baseURL in
            try await makeSUT().get(from: baseURL.appendingPathComponent("empty"))
        }

        #expect(response.statusCode == statusCode)
        #expect(data.isEmpty)
    }

    @Test func get_deliversALargeBodyWhole() async throws {
        let body = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })

        let (data, response) = try await withLoopbackServer(routes: { router in
            router.get("large") { _, _ in
                Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: body)))
            }
        }) { baseURL in
            try await makeSUT().get(from: baseURL.appendingPathComponent("large"))
        }

        #expect(response.statusCode == 200)
        #expect(data.count == body.count)
        #expect(data == body)
    }

    @Test func get_failsWithConnectivityErrorWhenNothingListens() async throws {
        let url = try await urlWithNothingListening()

        await #expect(throws: ConnectivityError()) {
            try await makeSUT().get(from: url.appendingPathComponent("feed"))
        }
    }

    @Test func get_failsWithConnectivityErrorOnAHostThatDoesNotResolve() async throws {
        // `.invalid` is reserved (RFC 6761) and never resolves.
        await #expect(throws: ConnectivityError()) {
            try await makeSUT().get(from: URL(string: "http://essential-feed.invalid/feed")!)
        }
    }

    @Test func get_failsWithConnectivityErrorWhenTheServerDoesNotAnswerInTime() async throws {
        let (arrivals, requestArrived) = AsyncStream<Void>.makeStream()
        let configuration = URLSessionConfiguration.ephemeral
        // The shortest timeout FoundationNetworking honours: it gives up at
        // once, with no request sent, on a timeout under one second.
        configuration.timeoutIntervalForRequest = 1

        try await withLoopbackServer(routes: { router in
            router.get("hanging") { request, _ -> Response in
                requestArrived.yield()
                try await request.body.consumeWithCancellationOnInboundClose { _ in
                    try await waitForever()
                }
                return Response(status: .ok)
            }
        }) { baseURL in
            let sut = makeSUT(session: URLSession(configuration: configuration))

            await #expect(throws: ConnectivityError()) {
                try await sut.get(from: baseURL.appendingPathComponent("hanging"))
            }
        }
        requestArrived.finish()

        var arrived = arrivals.makeAsyncIterator()
        #expect(await arrived.next() != nil, "the request never reached the server")
    }

    @Test func get_failsWithConnectivityErrorOnAResponseThatIsNotHTTP() async throws {
        // URLSession answers a `data:` URL itself, with a plain `URLResponse`.
        let url = URL(string: "data:text/plain;base64,bm90IEhUVFA=")!

        await #expect(throws: ConnectivityError()) {
            try await makeSUT().get(from: url)
        }
    }

    @Test func get_cancellingTheCallingTask_cancelsTheRequestAtTheServer() async throws {
        let (arrivals, requestArrived) = AsyncStream<Void>.makeStream()
        let (disconnects, serverSawDisconnect) = AsyncStream<Void>.makeStream()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        let sut = makeSUT(session: URLSession(configuration: configuration))

        try await withLoopbackServer(routes: { router in
            router.get("hanging") { request, _ -> Response in
                requestArrived.yield()
                do {
                    try await request.body.consumeWithCancellationOnInboundClose { _ in
                        try await waitForever()
                    }
                } catch is CancellationError {
                    serverSawDisconnect.yield()
                    throw CancellationError()
                }
                return Response(status: .ok)
            }
        }) { baseURL in
            let request = Task { try await sut.get(from: baseURL.appendingPathComponent("hanging")) }
            var arrived = arrivals.makeAsyncIterator()
            _ = await arrived.next()
            let clock = ContinuousClock()
            let cancelledAt = clock.now

            request.cancel()

            await #expect(throws: CancellationError.self) { try await request.value }
            #expect(clock.now - cancelledAt < .seconds(5))
            var disconnected = disconnects.makeAsyncIterator()
            #expect(await disconnected.next() != nil)
        }
    }

    // MARK: - Helpers

    private func makeSUT(session: URLSession? = nil) -> URLSessionHTTPClient {
        if let session {
            return URLSessionHTTPClient(session: session)
        }
        return URLSessionHTTPClient()
    }
}

/// Suspends until the calling task is cancelled; a server route that never answers.
private func waitForever() async throws {
    let (never, continuation) = AsyncStream<Void>.makeStream()
    for await _ in never {}
    continuation.finish()
    throw CancellationError()
}
