import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RawHTTPClient
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct ErrorRouteTests {
    @Test(arguments: [
        "/", "/essential-feed", "/essential-feed/v2/feed", "/essential-feed/v1/feed/extra",
        "/essential-feed/v1/image/\(UUID().uuidString)/likes", "/essential-feed/v1/images", "/essential-feed/problems/x"
    ])
    func unknownPath_answersNotFoundProblem(path: String) async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)

            try expectProblem(response, status: .notFound, type: "about:blank")
        }
    }

    @Test(arguments: ["/essential-feed/v1/feed", "/essential-feed/nowhere", "/essential-feed/v1/feed?limit=0", "/essential-feed/openapi.yaml"])
    func everyAnswer_saysNosniffAndKeepsItsAddressOutOfReferers(path: String) async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func aRequestWithTwoHostFields_is400() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.live) { client in
            let connection = try await RawConnection.open(port: try #require(client.port))
            try await connection.send("GET /essential-feed/v1/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
            #expect(await connection.responses(count: 1).first?.status == 400)
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func knownPathWithAnotherMethod_answersMethodNotAllowedProblemWithAllow(method: HTTPRequest.Method) async throws {
        let item = makeItem(1)
        let (app, _) = try await makeSUT(items: [item])
        let paths = [
            "/essential-feed/v1/feed",
            "/essential-feed/v1/feed?limit=abc",
            "/essential-feed/v1/image/\(item.id.uuidString)/comments",
            "/essential-feed/v1/images/\(ImageDigest(of: item.image.data).hex).png",
            "/essential-feed/openapi.yaml"
        ]

        try await app.test(.router) { client in
            for path in paths {
                let response = try await client.execute(uri: path, method: method, body: ByteBuffer(string: "{}"))

                try expectProblem(response, status: .methodNotAllowed, type: "about:blank")
                #expect(response.headers[.allow] == "GET, HEAD", "\(path)")
            }
        }
    }

    @Test func requestWithABodyOnARouteThatTakesNone_answersContentTooLargeProblemAndClosesTheConnection() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/essential-feed/v1/feed", method: .get, body: ByteBuffer(repeating: UInt8(ascii: "x"), count: 40_000))

            try expectProblem(response, status: .contentTooLarge, type: "about:blank")
            #expect(response.headers[.connection] == "close")
        }
    }

    @Test func commentsOfAnImageIDWithAnythingAfterIt_answersBadRequestProblem() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/v1/image/\(UUID().uuidString)%00junk/comments", method: .get)

            try expectProblem(response, status: .badRequest, type: "/essential-feed/problems/invalid-path-parameter")
        }
    }

    @Test func unknownPathWithAnotherMethod_answersNotFoundProblem() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/nothing/here", method: .post)

            try expectProblem(response, status: .notFound)
        }
    }

    @Test func repositoryFailure_answersInternalErrorProblemWithoutDetailsOfTheFailure() async throws {
        let app = Application(responder: try buildResponder(repository: FailingRepository(), publicURL: testPublicURL))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)

            try expectProblem(response, status: .internalServerError, type: "about:blank")
            #expect(!String(buffer: response.body).contains("disk on fire"))
        }
    }
}

extension ErrorRouteTests {
    @Test func aDatabaseThatCannotBeReached_answers503WithRetryAfter_andNoDetailOfIt() async throws {
        let repository = FailingRepository(failure: DatabaseUnavailable(reason: "connection refused by 10.0.0.7"))
        let app = Application(responder: try buildResponder(repository: repository, publicURL: testPublicURL))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)

            try expectProblem(response, status: .serviceUnavailable, type: "/essential-feed/problems/database-unavailable")
            #expect(response.headers[.retryAfter] == "5")
            #expect(!String(buffer: response.body).contains("10.0.0.7"))
        }
    }
}

private struct FailingRepository: FeedRepository {
    var failure: any Error = Failure()

    func addComment(_ comment: FeedComment, onImage imageID: UUID, quota: ActionQuota?) async throws -> Bool { throw failure }

    struct Failure: Error { let reason = "disk on fire" }

    var dataVersion: UInt64 { 0 }
    func feedPage(after itemID: UUID?, limit: Int, readerID: Int64?) async throws -> [FeedItem] { throw failure }
    func comments(onImage imageID: UUID, visibleTo viewerID: Int64?) async throws -> [FeedComment]? { throw failure }
    func image(withDigest digest: ImageDigest) async throws -> StoredImage? { throw failure }
    func append(_ items: [NewFeedItem]) async throws { throw failure }
    func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool { throw failure }
    func publish(_ item: NewFeedItem) async throws -> FeedItem { throw failure }
    func randomItem() async throws -> FeedItem? { throw failure }
    func item(withID itemID: UUID, visibleTo viewerID: Int64?) async throws -> FeedItem? { throw failure }
    func containsItem(fromSource digest: ImageDigest) async throws -> Bool { throw failure }
    func containsPhoto(_ digest: ImageDigest, postedBy author: Username) async throws -> Bool { throw failure }
}
