import EssentialFeed
import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import LogRecording
import MediaPipeline
import NIOPosix
import PhotoFixtures
import RawHTTPClient
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Posting a photo")
struct PhotoUploadRouteTests {
    private static let password = "correct horse battery"
    private let uploadPath = "/essential-feed/v1/images"

    @Test func post_createsTheItemFirstInTheFeed_byTheTokensAccount_withTheGivenTexts() async throws {
        let clock = TestClock()
        let (app, _) = try await makeSUT(clock: clock)
        let file = try photoFile(width: 900, height: 600, seed: 1)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            _ = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)  // cached now

            let response = try await upload(
                client, file: file,
                fields: [
                    "description": "  Morning light\n", "location": "Porto", "alt": "A river under a bridge"
                ], token: token)

            #expect(response.status == .created)
            #expect(response.headers[.cacheControl] == "no-store")
            let posted = try jsonObject(response.body)
            #expect(posted["description"] as? String == "Morning light")
            #expect(posted["location"] as? String == "Porto")
            #expect(posted["alt"] as? String == "A river under a bridge")
            #expect(posted["width"] as? Int == 900)
            #expect(posted["height"] as? Int == 600)
            #expect(posted["created_at"] as? String == APIDateFormat.string(from: clock.now))
            #expect((posted["author"] as? [String: Any])?["username"] as? String == "alice")
            #expect((posted["urls"] as? [String: String])?.count == 4)
            let feed = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)
            let first = try #require(try jsonItems(feed.body).first)
            #expect(first["id"] as? String == posted["id"] as? String)

            let regular = try #require((posted["urls"] as? [String: String])?["regular"])
            let image = try await client.execute(uri: regular.replacingOccurrences(of: testPublicURL, with: ""), method: .get)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/jpeg")
        }
    }

    /// 24 bytes that once stopped the whole program: a byte ≥ 0x80 in a part's header name.
    @Test func aPartHeaderNameWithANonASCIIByte_is400_andTheServerGoesOn() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.live) { client in
            let token = try await tokenFromLogIn(client)
            let body: [UInt8] = Array("--B\r\n".utf8) + [0xC3, 0xA9] + Array(": x\r\n\r\nv\r\n--B--\r\n".utf8)
            let response = try await client.execute(
                uri: uploadPath, method: .post,
                headers: [.contentType: "multipart/form-data; boundary=B", .authorization: "Bearer \(token)"],
                body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect(try jsonObject(response.body)["type"] as? String == "/essential-feed/problems/invalid-upload")
            #expect(try await client.execute(uri: "/essential-feed/v1/feed", method: .get).status == .ok)
        }
    }

    @Test func aClientHangingUpMidUpload_isA400OrNothing_neverAServerError() async throws {
        let recorder = LogRecorder()
        let repository = try await makeRepository()
        let hasher = PasswordHasher(cost: 4)
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: try await hasher.hash(Self.password), createdAt: Date())
        let app = Application(
            responder: try buildResponder(repository: repository, accounts: repository.accounts, publicURL: testPublicURL, hasher: hasher),
            logger: recorder.logger)

        try await app.test(.live) { client in
            let token = try await tokenFromLogIn(client)
            let connection = try await RawConnection.open(port: try #require(client.port))
            try await connection.send(
                "POST \(uploadPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 1000000\r\n\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\n")
            try await connection.send(ByteBuffer(repeating: 0xFF, count: 2_000))
            try await connection.finishSending()

            let response = await connection.responses(count: 1, within: .seconds(2)).first
            #expect(response == nil || response?.status == 400, "\(String(describing: response))")
            #expect(try await client.execute(uri: "/essential-feed/v1/feed", method: .get).status == .ok)
            #expect(recorder.lines(at: .error).isEmpty, "\(recorder.lines(at: .error))")
        }
    }

    @Test func uploadsBeyondThePlaces_get503WithRetryAfter_beforeTheirBodiesAreRead() async throws {
        let admission = UploadAdmission(total: 1)
        let (app, _) = try await makeSUT(uploads: admission)
        guard case let .success(taken) = admission.admit("someone else") else {
            Issue.record("the only place is free")
            return
        }

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let refused = try await upload(client, file: try photoFile(), token: token)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "5")
            #expect(refused.headers[.connection] == "close", "the body is left unread")
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/too-many-uploads")

            taken.release()
            #expect(try await upload(client, file: try photoFile(), token: token).status == .created)
            #expect(admission.inUse == 0, "an upload gives its place back")
        }
    }

    @Test func anAccountWithTwoUploadsInProgress_gets429ForAThird_beforeItsBodyIsRead() async throws {
        let admission = UploadAdmission(total: 8, perPerson: 2)
        let (app, _) = try await makeSUT(uploads: admission)
        let held = [admission.admit("alice"), admission.admit("alice")].compactMap { try? $0.get() }
        #expect(held.count == 2)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let refused = try await upload(client, file: try photoFile(), token: token)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "5")
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/too-many-uploads")

            held[0].release()
            #expect(try await upload(client, file: try photoFile(), token: token).status == .created)
        }
    }

    @Test func post_keepsABrowsersLineBreaks_asLineBreaks() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let response = try await upload(client, file: try photoFile(), fields: ["description": "First line\r\nSecond\rThird"], token: token)

            #expect(response.status == .created)
            #expect(try jsonObject(response.body)["description"] as? String == "First line\nSecond\nThird")
        }
    }

    @Test func post_leavesOutBlankOptionalFields() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let response = try await upload(client, file: try photoFile(), fields: ["description": "   "], token: token)

            #expect(response.status == .created)
            let keys = Set(try jsonObject(response.body).keys)
            #expect(!keys.contains("description") && !keys.contains("location") && !keys.contains("alt"))
        }
    }

    @Test func post_refusesRequestsWithoutAValidToken_beforeReadingTheBody() async throws {
        let (app, repository) = try await makeSUT()

        try await app.test(.router) { client in
            let anonymous = try await upload(client, file: try photoFile(), token: nil)
            let forged = try await upload(client, file: try photoFile(), token: "forged")

            #expect(anonymous.status == .unauthorized)
            #expect(forged.status == .unauthorized)
        }
        #expect(try await repository.feedPage(after: nil, limit: 10).count == 1)
    }

    @Test func post_answersWithAProblemForEachKindOfBadUpload_andStoresNothing() async throws {
        let (app, repository) = try await makeSUT()
        let truncated = try photoFile(width: 400, height: 300)
        let bomb = PhotoFixtures.pngClaiming(width: 20_000, height: 20_000)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            try expectProblem(
                try await upload(client, file: Data("hello".utf8), token: token), status: .unsupportedMediaType,
                type: "/essential-feed/problems/unsupported-photo-type")
            try expectProblem(
                try await upload(client, file: truncated.prefix(truncated.count / 2), token: token),
                status: .unprocessableContent, type: "/essential-feed/problems/unreadable-photo")
            try expectProblem(
                try await upload(client, file: Data(), token: token), status: .unprocessableContent,
                type: "/essential-feed/problems/unreadable-photo")
            try expectProblem(
                try await upload(client, file: bomb, token: token), status: .contentTooLarge,
                type: "/essential-feed/problems/photo-too-large")
            try expectProblem(
                try await upload(client, file: nil, fields: ["description": "no file"], token: token),
                status: .badRequest, type: "/essential-feed/problems/invalid-upload")
            try expectProblem(
                try await upload(client, file: try photoFile(), fields: ["alt": String(repeating: "é", count: 501)], token: token),
                status: .badRequest, type: "/essential-feed/problems/invalid-upload")
            for fields in [["description": "innocent\u{0} @eve"], ["location": "a\u{1B}b"], ["content_warning": String(repeating: "w", count: 201)]] {
                try expectProblem(
                    try await upload(client, file: try photoFile(), fields: fields, token: token), status: .badRequest,
                    type: "/essential-feed/problems/invalid-upload")
            }
            let json = try await client.execute(
                uri: uploadPath, method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(token)"], body: ByteBuffer(string: "{}"))
            try expectProblem(json, status: .unsupportedMediaType, type: "/essential-feed/problems/unsupported-media-type")
        }
        #expect(try await repository.feedPage(after: nil, limit: 10).count == 1)
    }

    @Test func aJPEGAskingForThousandsOfScans_is422BeforeDecoding_andStoresNothing() async throws {
        let (app, repository) = try await makeSUT()
        let crafted = PhotoFixtures.withRepeatedLastScan(try photoFile(width: 400, height: 300), count: 2_000)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let response = try await upload(client, file: crafted, token: token)
            try expectProblem(response, status: .unprocessableContent, type: "/essential-feed/problems/photo-too-complex")
            #expect(String(buffer: response.body).contains("passes over the image"))
        }
        #expect(try await repository.feedPage(after: nil, limit: 10).count == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func logInsAnswer_whileEveryPhotoProcessingThreadIsBusy() async throws {
        let photoThreads = NIOThreadPool(numberOfThreads: 1)
        photoThreads.start()
        let release = DispatchSemaphore(value: 0)
        let busy = photoThreads.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.next()) { release.wait() }
        let (app, _) = try await makeSUT(photoThreads: photoThreads)

        try await app.test(.router) { client in
            _ = try await tokenFromLogIn(client)
        }
        release.signal()
        try await busy.get()
        try await photoThreads.shutdownGracefully()
    }

    @Test func post_acceptsFieldsAtTheirLimit() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let alt = String(repeating: "é", count: 500)
            let response = try await upload(client, file: try photoFile(), fields: ["alt": alt], token: token)

            #expect(response.status == .created)
            #expect(try jsonObject(response.body)["alt"] as? String == alt)
        }
    }

    @Test func post_refusesABodyAnnouncedOverTheLimit_beforeReadingIt_whileOtherPostsKeepTheirSmallLimit() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let overLimit = PhotoUploadController<FeedAPIContext>.maximumBodySize + 1
            let large = try await client.execute(
                uri: uploadPath, method: .post,
                headers: [.contentType: "multipart/form-data; boundary=x", .authorization: "Bearer \(token)"],
                body: ByteBuffer(repeating: 0x2D, count: overLimit))
            try expectProblem(large, status: .contentTooLarge)
            #expect(large.headers[.connection] == "close")

            let photoSizedLogIn = try await client.execute(
                uri: "/essential-feed/v1/sessions", method: .post,
                headers: [.contentType: "application/json"], body: ByteBuffer(repeating: 0x20, count: 100_000))
            try expectProblem(photoSizedLogIn, status: .contentTooLarge)
        }
    }

    @Test func random_deliversOneOfTheItems_neverCached_andNotFoundForAnEmptyFeed() async throws {
        let (app, repository) = try await makeSUT()
        let ids = Set(try await repository.feedPage(after: nil, limit: 10).map { $0.id.uuidString })

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/v1/images/random", method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(ids.contains(try #require(try jsonObject(response.body)["id"] as? String)))
        }

        let (empty, _) = try await FeedAPIServerTests.makeSUT()
        try await empty.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/v1/images/random", method: .get)
            try expectProblem(response, status: .notFound)
        }
    }

    @Test func theCoresEndpointAndMapper_postAPhotoAsTheAppWould() async throws {
        let (app, _) = try await makeSUT()
        let file = try photoFile(width: 640, height: 480, seed: 5)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let request = FeedImagePostingEndpoint.post(NewFeedImage(data: file, description: "From the core", alternativeText: "A test card"))
                .request(baseURL: URL(string: "\(testPublicURL)/essential-feed")!)
            var headers: HTTPFields = [.authorization: "Bearer \(token)"]
            headers[.contentType] = request.value(forHTTPHeaderField: "Content-Type")
            headers[.accept] = request.value(forHTTPHeaderField: "Accept")
            let response = try await client.execute(
                uri: request.url?.path ?? "", method: .post, headers: headers, body: ByteBuffer(bytes: request.httpBody ?? Data()))
            let url = try #require(request.url)
            let httpResponse = try #require(HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: nil, headerFields: nil))

            let image = try PostedFeedImageMapper.map(Data(buffer: response.body), from: httpResponse)

            #expect(image.description == "From the core")
            #expect(image.alternativeText == "A test card")
            #expect(image.author?.username == "alice")
            #expect(image.photo?.width == 640)
            #expect(image.photo?.urls.count == 4)
        }
    }

    // MARK: - Helpers

    private func makeSUT(
        clock: TestClock = TestClock(), uploads: UploadAdmission = UploadAdmission(total: 8), photoThreads: NIOThreadPool? = nil
    ) async throws -> (some ApplicationProtocol, SQLiteFeedRepository) {
        let repository = try await makeRepository(items: [makeItem(1)])
        let hasher = PasswordHasher(cost: 4)
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: try await hasher.hash(Self.password), createdAt: clock.now)
        let app = Application(
            responder: try buildResponder(
                repository: repository, accounts: repository.accounts, publicURL: testPublicURL, hasher: hasher, uploads: uploads,
                photoThreads: photoThreads, now: { clock.now }))
        return (app, repository)
    }

    private func upload(
        _ client: some TestClientProtocol, file: Data?, fields: [String: String] = [:], token: String?
    ) async throws -> TestResponse {
        let boundary = "essential-\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            body += file + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        headers[.authorization] = token.map { "Bearer \($0)" }
        return try await client.execute(uri: uploadPath, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    private func tokenFromLogIn(_ client: some TestClientProtocol) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": "alice", "password": Self.password])
        let response = try await client.execute(
            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
        return try #require(try jsonObject(response.body)["token"] as? String)
    }
}
