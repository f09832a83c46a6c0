import EssentialFeed
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import LogRecording
import Logging
import PhotoFixtures
import RawHTTPClient
import Synchronization
import Testing

@testable import EssentialApp

/// Uploads over real sockets, sent as slowly or as partly as a hostile client would.
@Suite("New post: the places one person and everyone may take")
struct UploadLimitsTests {
    @Test func anAccountMayHaveTwoUploadsInProgress_aThirdFromAnyOfItsSessionsIsAskedToWait_andOthersAreNot() async throws {
        try await makeApp().test(.live) { client in
            let port = try #require(client.port)
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            let sameAccount = try await client.logIn()
            let sameAccountsToken = try await client.csrfToken(onScreen: "/new", cookie: sameAccount)
            let other = try await client.logIn(as: InProcessFeedAPI.otherUsername)
            let othersToken = try await client.csrfToken(onScreen: "/new", cookie: other)

            var unfinished: [RawConnection] = []
            for _ in 0..<2 { unfinished.append(try await Self.startUpload(port: port, cookie: cookie, token: token)) }
            // The places are taken once the server has read each token: ask until it has. An
            // unfinished upload that a complete one overtook, and was refused, starts again.
            var third: RawResponse?
            for _ in 0..<200 where third?.status != 429 {
                for (index, connection) in unfinished.enumerated() where await !connection.responses(count: 1, within: .zero).isEmpty {
                    await connection.close()
                    unfinished[index] = try await Self.startUpload(port: port, cookie: cookie, token: token)
                }
                third = try await Self.upload(port: port, cookie: sameAccount, token: sameAccountsToken)
            }
            #expect(third?.status == 429)
            #expect(third?.headers["retry-after"] == "5")
            #expect(try await Self.upload(port: port, cookie: other, token: othersToken)?.status == 201, "another person posts")

            for connection in unfinished { await connection.close() }
            var afterwards: RawResponse?
            for _ in 0..<200 where afterwards?.status != 201 {
                afterwards = try await Self.upload(port: port, cookie: cookie, token: token)
            }
            #expect(afterwards?.status == 201, "places given back when their clients hang up")
        }
    }

    @Test func aBodyBelowTheMinimumRate_isCutWithAClearError() async throws {
        let clock = SignallingClock()
        let app = try await makeApp(minimumRate: MinimumBodyRate(bytesPerSecond: 1_024, gracePeriod: .seconds(10)), uploadClock: clock)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let connection = try await Self.startUpload(port: port, cookie: cookie, token: token)
            await clock.firstReading()
            clock.advance(by: .seconds(11))
            // More bytes make the server read its clock again. It may have read it already, for
            // the upload's first bytes arriving after the advance, cut the body and closed the
            // connection: then this send fails, and the answer is there all the same.
            try? await connection.send(ByteBuffer(repeating: 0x41, count: 100))

            let response = try #require(await connection.responses(count: 1).first)
            #expect(response.status == 408)
            #expect(response.body.contains("1 KB a second"))
            #expect(await connection.waitUntilClosedByServer())
        }
    }

    @Test func aClientHangingUpMidUpload_isNotAServerError() async throws {
        let recorder = LogRecorder()
        let app = try await makeApp(logger: recorder.logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let connection = try await Self.startUpload(port: port, cookie: cookie, token: token)
            try await connection.finishSending()
            let response = await connection.responses(count: 1, within: .seconds(2)).first
            #expect(response == nil || response?.status == 400, "\(String(describing: response))")
            #expect(try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie]).status == .ok)
            #expect(recorder.lines(at: .error).isEmpty, "\(recorder.lines(at: .error))")
        }
    }

    // MARK: - Helpers

    private static let boundary = "raw-boundary"
    private static let photo = (try? PhotoFixtures.photo(width: 120, height: 80)) ?? Data()

    private func makeApp(
        minimumRate: MinimumBodyRate = MinimumBodyRate(), uploadClock: SignallingClock = SignallingClock(),
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> some ApplicationProtocol {
        await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL, minimumUploadRate: minimumRate),
            httpClient: try await InProcessFeedAPI.make(), store: InMemoryFeedStore(), currentDate: { fixedNow },
            uploadClock: { uploadClock.now }, logger: logger)
    }

    private static func formStart(token: String) -> String {
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n\(token)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cat.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
    }

    private static func head(cookie: String, length: Int) -> String {
        "POST /fragments/new HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nOrigin: http://127.0.0.1\r\n"
            + "Sec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(length)\r\n\r\n"
    }

    /// Sends the head, the token and the photo's first bytes of an upload of 1 MB, and no more.
    private static func startUpload(port: Int, cookie: String, token: String) async throws -> RawConnection {
        let start = formStart(token: token)
        let connection = try await RawConnection.open(port: port)
        try await connection.send(head(cookie: cookie, length: 1_000_000) + start)
        try await connection.send(ByteBuffer(bytes: photo.prefix(100)))
        return connection
    }

    private static func upload(port: Int, cookie: String, token: String) async throws -> RawResponse? {
        var body = ByteBuffer(string: formStart(token: token))
        body.writeBytes(photo)
        body.writeString("\r\n--\(boundary)--\r\n")
        let connection = try await RawConnection.open(port: port)
        defer { Task { await connection.close() } }
        try await connection.send(head(cookie: cookie, length: body.readableBytes))
        try await connection.send(body)
        return await connection.responses(count: 1).first
    }
}

/// The upload clock, moved by the test; tells when the server first reads it (an upload began).
final class SignallingClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)
    private let readings: AsyncStream<Void>
    private let reading: AsyncStream<Void>.Continuation

    init() {
        (readings, reading) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    var now: ContinuousClock.Instant {
        reading.yield()
        return start.advanced(by: offset.withLock { $0 })
    }

    func firstReading() async {
        var iterator = readings.makeAsyncIterator()
        _ = await iterator.next()
    }

    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}
