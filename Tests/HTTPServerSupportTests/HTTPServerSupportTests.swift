import CompressNIO
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import LogRecording
import Logging
import Testing

@Suite("Compression, 405 and the access log, as both servers use them")
struct HTTPServerSupportTests {
    private static let page = String(repeating: "<article>an image and its description</article>\n", count: 100)

    @Test func textResponse_isGzippedWhenTheClientTakesGzip() async throws {
        try await withServer { client in
            try await client.execute(uri: "/page", method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.headers[.eTag] == "W/\"v1\"")
                #expect(response.body.readableBytes < Self.page.utf8.count / 5)
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                var body = response.body
                let decompressed = try body.decompress(with: .gzip())
                #expect(String(buffer: decompressed) == Self.page)
            }
        }
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "deflate", "*;q=0"])
    func textResponse_isSentAsItIsWhenTheClientDoesNotTakeGzip(acceptEncoding: String?) async throws {
        try await withServer { client in
            var headers = HTTPFields()
            headers[.acceptEncoding] = acceptEncoding
            try await client.execute(uri: "/page", method: .get, headers: headers) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.headers[.eTag] == "\"v1\"")
                #expect(String(buffer: response.body) == Self.page)
            }
        }
    }

    @Test func wildcard_takesGzip() async throws {
        try await withServer { client in
            try await client.execute(uri: "/page", method: .get, headers: [.acceptEncoding: "*"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
            }
        }
    }

    @Test func smallAndBinaryResponses_areNotCompressed() async throws {
        try await withServer { client in
            try await client.execute(uri: "/small", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(String(buffer: response.body) == "{\"ok\":true}")
            }
            try await client.execute(uri: "/image", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == nil)
                #expect(response.body.readableBytes == 2_000)
            }
        }
    }

    @Test func otherMethodOnAKnownPath_isAnswered405WithAllow() async throws {
        try await withServer { client in
            try await client.execute(uri: "/page", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
            try await client.execute(uri: "/unknown", method: .post) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func head_answersTheHeadersOfGetWithoutBody() async throws {
        try await withServer { client in
            try await client.execute(uri: "/page", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func everyRequest_isLoggedOnceAtInfoWithMethodPathStatusAndDuration() async throws {
        let log = LogRecorder()
        try await withServer(logger: log.logger) { client in
            try await client.execute(uri: "/page?query=1", method: .get) { _ in }
            try await client.execute(uri: "/missing", method: .get) { _ in }
            try await client.execute(uri: "/page", method: .delete) { _ in }
        }

        let lines = log.lines(at: .info)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("GET /page 200 ") == true)
        #expect(lines.first?.hasSuffix(" ms") == true)
        #expect(lines.dropFirst().first?.hasPrefix("GET /missing 404 ") == true)
        #expect(lines.last?.hasPrefix("DELETE /page 405 ") == true)
        let fields = try #require(log.linesWithMetadata.first)
        #expect(fields.contains("method=GET") && fields.contains("path=/page") && fields.contains("status=200") && fields.contains("duration_ms="), "\(fields)")
    }

    @Test func aRequestWhoseClientWentAway_isAnsweredAndLoggedAs499_notAsAServerError() async throws {
        let log = LogRecorder()
        try await withServer(logger: log.logger) { client in
            try await client.execute(uri: "/abandoned", method: .get) { response in
                #expect(response.status.code == 499)
            }
            try await client.execute(uri: "/failing", method: .get) { _ in }
        }

        let lines = log.lines(at: .info)
        #expect(lines.first?.hasPrefix("GET /abandoned 499 ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("GET /failing 500 ") == true, "\(lines)")
    }

    @Test func aPathEndingInASecret_isLoggedWithoutIt() async throws {
        let log = LogRecorder()
        try await withServer(logger: log.logger, secretPathPrefixes: ["/join/"]) { client in
            try await client.execute(uri: "/join/s3cr3t-c0de", method: .get) { _ in }
            try await client.execute(uri: "/join/", method: .get) { _ in }
        }

        let lines = log.lines(at: .info)
        #expect(lines.first?.hasPrefix("GET /join/… 404 ") == true, "\(lines)")
        #expect(!log.linesWithMetadata.joined().contains("s3cr3t"))
        #expect(lines.last?.hasPrefix("GET /join/ 404 ") == true, "\(lines)")
    }

    // MARK: - Helpers

    private func withServer(
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), secretPathPrefixes: [String] = [],
        _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.get("/page") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .eTag: "\"v1\""], body: ResponseBody(byteBuffer: ByteBuffer(string: Self.page)))
        }
        router.get("/small") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"ok\":true}")))
        }
        router.get("/abandoned") { _, _ -> Response in
            throw CancellationError()
        }
        router.get("/failing") { _, _ -> Response in
            throw ServerFault()
        }
        router.get("/image") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(repeating: 7, count: 2_000)))
        }
        let responder =
            router
            .buildResponder { _, _, _, _ in Response(status: .methodNotAllowed) }
            .wrapped(in: ResponseCompressionMiddleware())
            .wrapped(in: ClientClosedRequestMiddleware())
            .wrapped(in: AccessLogMiddleware(logger: logger, secretPathPrefixes: secretPathPrefixes))
        try await Application(responder: responder).test(.router, test)
    }
}

private struct ServerFault: Error {}
