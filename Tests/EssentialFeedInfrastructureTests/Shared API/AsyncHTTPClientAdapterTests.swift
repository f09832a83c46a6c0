import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Hummingbird
import NIOCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Against a real HTTP server on loopback: what the client sends, what it
/// delivers, and how it fails.
@Suite("AsyncHTTPClientAdapter", .timeLimit(.minutes(1)))
struct AsyncHTTPClientAdapterTests {

    @Test func get_requestsTheGivenURL() async throws {
        let (requests, recordRequest) = AsyncStream<String>.makeStream()

        try await withLoopbackServer(routes: { router in
            router.get("essential-feed/v1/feed") { request, _ -> Response in
                recordRequest.yield(request.uri.description)
                return Response(status: .ok)
            }
        }) { baseURL in
            let url = URL(string: "\(baseURL)/essential-feed/v1/feed?limit=10&after_id=6B0B5F9E-0E4A-4C1B-9E0A-2F5D2B3C4D5E")!

            _ = try await withSUT { try await $0.get(from: url) }
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
            try await withSUT { try await $0.get(from: baseURL.appendingPathComponent("resource")) }
        }

        #expect(response.statusCode == statusCode)
        #expect(data == body)
    }

    @Test(arguments: [200, 204, 304])
    func get_deliversAnEmptyBodyAsReceived(_ statusCode: Int) async throws {
        let (data, response) = try await withLoopbackServer(routes: { router in
            router.get("empty") { _, _ in Response(status: .init(code: statusCode)) }
        }) { baseURL in
            try await withSUT { try await $0.get(from: baseURL.appendingPathComponent("empty")) }
        }

        #expect(response.statusCode == statusCode)
        #expect(data.isEmpty)
    }

    @Test func get_neverFollowsARedirect_butDeliversItAsReceived() async throws {
        let (requests, recordRequest) = AsyncStream<String>.makeStream()
        let response = try await withLoopbackServer(routes: { router in
            router.get("image") { _, _ in
                Response(status: .found, headers: [.location: "http://127.0.0.1:1/elsewhere"])
            }
            router.get("elsewhere") { request, _ -> Response in
                recordRequest.yield(request.uri.path)
                return Response(status: .ok)
            }
        }) { baseURL in
            try await withSUT { try await $0.get(from: baseURL.appendingPathComponent("image")) }.1
        }
        recordRequest.finish()

        #expect(response.statusCode == 302)
        var received = requests.makeAsyncIterator()
        #expect(await received.next() == nil)
    }

    @Test func get_deliversALargeBodyWhole() async throws {
        let body = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })

        let (data, response) = try await withLoopbackServer(routes: { router in
            router.get("large") { _, _ in
                Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: body)))
            }
        }) { baseURL in
            try await withSUT { try await $0.get(from: baseURL.appendingPathComponent("large")) }
        }

        #expect(response.statusCode == 200)
        #expect(data.count == body.count)
        #expect(data == body)
    }

    @Test func get_failsWithConnectivityErrorWhenNothingListens() async throws {
        let url = try await urlWithNothingListening()

        await #expect(throws: ConnectivityError()) {
            try await withSUT { try await $0.get(from: url.appendingPathComponent("feed")) }
        }
    }

    /// The app falls back to its cache when the API cannot be reached: a refused connection
    /// must fail at once, not be retried until the connect timeout (here far beyond the
    /// suite's time limit).
    @Test func get_failsAtOnceWhenTheConnectionIsRefused_withoutWaitingForTheConnectTimeout() async throws {
        let url = try await urlWithNothingListening()

        await #expect(throws: ConnectivityError()) {
            try await withSUT(.init(connectTimeout: .seconds(600), requestTimeout: .seconds(600))) {
                try await $0.get(from: url.appendingPathComponent("feed"))
            }
        }
    }

    @Test func get_failsWithConnectivityErrorOnAHostThatDoesNotResolve() async throws {
        // `.invalid` is reserved (RFC 6761) and never resolves.
        await #expect(throws: ConnectivityError()) {
            try await withSUT { try await $0.get(from: URL(string: "http://essential-feed.invalid/feed")!) }
        }
    }

    @Test func get_failsWithConnectivityErrorWhenTheServerDoesNotAnswerInTime() async throws {
        let (arrivals, requestArrived) = AsyncStream<Void>.makeStream()

        try await withLoopbackServer(routes: { router in
            router.get("hanging") { _, _ -> Response in
                requestArrived.yield()
                try await waitUntilTheServerStops()
                return Response(status: .ok)
            }
        }) { baseURL in
            await #expect(throws: ConnectivityError()) {
                // Long enough for the request to reach the server on a machine busy with other tests.
                try await withSUT(.init(requestTimeout: .seconds(2))) {
                    try await $0.get(from: baseURL.appendingPathComponent("hanging"))
                }
            }
        }
        requestArrived.finish()

        var arrived = arrivals.makeAsyncIterator()
        #expect(await arrived.next() != nil, "the request never reached the server")
    }

    @Test func get_failsWithConnectivityErrorOnABodyOverTheLimit() async throws {
        let body = Data(repeating: 7, count: 2_048)

        try await withLoopbackServer(routes: { router in
            router.get("large") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: body))) }
        }) { baseURL in
            await #expect(throws: ConnectivityError()) {
                try await withSUT(.init(maxResponseBodySize: 1_024)) {
                    try await $0.get(from: baseURL.appendingPathComponent("large"))
                }
            }
        }
    }

    @Test func get_sendsTheGivenHeaderFields() async throws {
        let (received, record) = AsyncStream<String?>.makeStream()

        let (_, response) = try await withLoopbackServer(routes: { router in
            router.get("conditional") { request, _ -> Response in
                record.yield(request.headers[.ifNoneMatch])
                return Response(status: .notModified, headers: [.eTag: "\"v1\""])
            }
        }) { baseURL in
            try await withSUT { try await $0.get(from: baseURL.appendingPathComponent("conditional"), headers: ["If-None-Match": "\"v1\""]) }
        }

        var values = received.makeAsyncIterator()
        #expect(await values.next() == "\"v1\"")
        #expect(response.statusCode == 304)
        #expect(response.value(forHTTPHeaderField: "etag") == "\"v1\"")
    }

    @Test func send_deliversTheMethodHeaderFieldsAndBody() async throws {
        let (received, record) = AsyncStream<String>.makeStream()

        let (data, response) = try await withLoopbackServer(routes: { router in
            router.on("sessions", method: .post) { request, context -> Response in
                let body = try await request.body.collect(upTo: 1024)
                record.yield("\(request.method) \(request.headers[.contentType] ?? "") \(request.headers[.authorization] ?? "") \(String(buffer: body))")
                return Response(status: .created, body: ResponseBody(byteBuffer: ByteBuffer(string: "created")))
            }
        }) { baseURL in
            var request = URLRequest(url: baseURL.appendingPathComponent("sessions"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(#"{"a":1}"#.utf8)
            return try await withSUT { try await $0.send(request) }
        }

        var values = received.makeAsyncIterator()
        #expect(await values.next() == #"POST application/json Bearer t {"a":1}"#)
        #expect(response.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == "created")
    }

    @Test func send_deliversAnAnswerWithoutBodyToADelete() async throws {
        let (_, response) = try await withLoopbackServer(routes: { router in
            router.delete("sessions/current") { _, _ -> Response in Response(status: .noContent) }
        }) { baseURL in
            var request = URLRequest(url: baseURL.appendingPathComponent("sessions/current"))
            request.httpMethod = "DELETE"
            return try await withSUT { try await $0.send(request) }
        }

        #expect(response.statusCode == 204)
    }

    /// URLSession on Linux deadlocks in exactly this situation; this client must not.
    @Test func get_manyConcurrentRequestsCancelledMidFlight_allEndAndTheClientKeepsWorking() async throws {
        try await withLoopbackServer(routes: { router in
            router.get("slow") { _, _ -> Response in
                try await Task.sleep(for: .milliseconds(20))
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "done")))
            }
        }) { baseURL in
            try await withSUT { sut in
                let url = baseURL.appendingPathComponent("slow")
                let outcomes = await withTaskGroup(of: String.self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            let request = Task { try await sut.get(from: url) }
                            if index.isMultiple(of: 2) { request.cancel() }
                            do {
                                _ = try await request.value
                                return "succeeded"
                            } catch is CancellationError {
                                return "cancelled"
                            } catch is ConnectivityError {
                                // A connect timeout on a machine starved by other tests is an end too.
                                return "timed out"
                            } catch {
                                return "\(error)"
                            }
                        }
                    }
                    return await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(outcomes.count == 200)
                #expect(outcomes.allSatisfy { ["succeeded", "cancelled", "timed out"].contains($0) }, "\(Set(outcomes))")
                #expect(outcomes.contains("succeeded"))
                let (data, response) = try await sut.get(from: url)
                #expect(response.statusCode == 200 && data == Data("done".utf8), "the client still works afterwards")
            }
        }
    }

    @Test func get_cancellingTheCallingTask_cancelsTheRequestAtTheServer() async throws {
        let (arrivals, requestArrived) = AsyncStream<Void>.makeStream()
        let (disconnects, serverSawDisconnect) = AsyncStream<Void>.makeStream()
        let sut = AsyncHTTPClientAdapter(configuration: .init(requestTimeout: .seconds(600)))

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
        try await sut.shutdown()
    }

    // MARK: - Helpers

    /// The client is shut down after `body`, whatever it did.
    @Test func download_passesABodyLargerThanTheResponseLimitOn_chunkByChunk_withItsHeaderFields() async throws {
        let chunk = ByteBuffer(repeating: 0x5A, count: 64 * 1024)
        let chunks = 40
        var configuration = AsyncHTTPClientAdapter.Configuration()
        configuration.maxResponseBodySize = 1024 * 1024
        let (authorizations, recordAuthorization) = AsyncStream<String>.makeStream()

        let (status, length, received) = try await withLoopbackServer(routes: { router in
            router.get("archive") { request, _ -> Response in
                recordAuthorization.yield(request.headers[.authorization] ?? "none")
                let (body, continuation) = AsyncStream<ByteBuffer>.makeStream()
                for _ in 0..<chunks { continuation.yield(chunk) }
                continuation.finish()
                return Response(
                    status: .ok, headers: [.contentLength: String(chunks * chunk.readableBytes)], body: ResponseBody(asyncSequence: body))
            }
        }) { baseURL in
            try await withSUT(configuration) { sut in
                var request = URLRequest(url: baseURL.appendingPathComponent("archive"))
                request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
                let download = try await sut.download(request)
                var count = 0
                for try await buffer in download.body { count += buffer.readableBytes }
                return (download.status, download.contentLength, count)
            }
        }

        #expect(status == 200)
        #expect(length == chunks * 64 * 1024)
        #expect(received == chunks * 64 * 1024, "more than the 1 MiB the client holds in memory for a response")
        var seen = authorizations.makeAsyncIterator()
        #expect(await seen.next() == "Bearer secret")
    }

    private func withSUT<Result: Sendable>(
        _ configuration: AsyncHTTPClientAdapter.Configuration = .init(),
        _ body: (AsyncHTTPClientAdapter) async throws -> Result
    ) async throws -> Result {
        let sut = AsyncHTTPClientAdapter(configuration: configuration)
        do {
            let result = try await body(sut)
            try await sut.shutdown()
            return result
        } catch {
            try await sut.shutdown()
            throw error
        }
    }
}

/// Suspends until the calling task is cancelled; a server route that never answers.
private func waitForever() async throws {
    let (never, continuation) = AsyncStream<Void>.makeStream()
    for await _ in never {}
    continuation.finish()
    throw CancellationError()
}

/// A route that does not answer before the server stops.
private func waitUntilTheServerStops() async throws {
    try await Task.sleep(for: .seconds(3_600))
}
