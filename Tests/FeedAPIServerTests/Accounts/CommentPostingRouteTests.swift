import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Posting a comment with a token")
struct CommentPostingRouteTests {
    private static let password = "correct horse battery"

    @Test func post_addsTheTrimmedCommentByTheTokensAccount_firstInTheNextList_evenAfterACachedList() async throws {
        let clock = TestClock()
        let (app, item) = try await makeSUT(clock: clock)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            _ = try await client.execute(uri: commentsPath(item), method: .get)  // cached now

            let posted = try await post(client, "  What a view!\n", on: item, token: token)

            #expect(posted.status == .created)
            let json = try jsonObject(posted.body)
            #expect(json["message"] as? String == "What a view!")
            #expect(json["created_at"] as? String == APIDateFormat.string(from: clock.now))
            #expect((json["author"] as? [String: Any])?["username"] as? String == "alice")
            let list = try await client.execute(uri: commentsPath(item), method: .get)
            let first = try #require((try jsonObject(list.body)["items"] as? [[String: Any]])?.first)
            #expect(first["id"] as? String == json["id"] as? String)
        }
    }

    @Test func post_refusesEmptyAndOverlongMessages_anUnknownImage_andRequestsWithoutAValidToken() async throws {
        let (app, item) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)

            #expect(try await post(client, "   \n ", on: item, token: token).status == .badRequest)
            #expect(try await post(client, String(repeating: "a", count: 2_001), on: item, token: token).status == .badRequest)
            #expect(try await post(client, String(repeating: "a", count: 2_000), on: item, token: token).status == .created)
            #expect(
                try await post(client, String(repeating: "猫", count: 2_000), on: item, token: token).status == .created,
                "6,000 bytes of Japanese are 2,000 characters")
            #expect(try await post(client, String(repeating: "😺", count: 2_000), on: item, token: token).status == .created)
            let invisible = try await post(client, "\u{200B}\u{202E}\u{2066}\u{FEFF}\u{3164}", on: item, token: token)
            #expect(invisible.status == .badRequest)
            #expect(try jsonObject(invisible.body)["type"] as? String == "/essential-feed/problems/invalid-comment")
            #expect(try await post(client, "hello", on: UUID(), token: token).status == .notFound)
            #expect(try await post(client, "hello", on: item, token: nil).status == .unauthorized)
            #expect(try await post(client, "hello", on: item, token: "forged").status == .unauthorized)
        }
    }

    @Test func theLongestMessage_fitsTheBodyCapHoweverJSONEncodesIt_andOneCharacterMoreIs400() async throws {
        let (app, item) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            let longest = try await postEscaped(client, String(repeating: "😺", count: 2_000), on: item, token: token)
            #expect(longest.status == .created, "24,000 bytes of \\u escapes are 2,000 characters")
            let tooLong = try await postEscaped(client, String(repeating: "😺", count: 2_001), on: item, token: token)
            #expect(tooLong.status == .badRequest)
            #expect(try jsonObject(tooLong.body)["type"] as? String == "/essential-feed/problems/invalid-comment")
            let families = String(repeating: "👨‍👩‍👧‍👦", count: 2_000)
            #expect(
                try await postEscaped(client, families, on: item, token: token).status == .created,
                "2,000 family emoji of 7 scalars each")
            let combining = "a" + String(repeating: "\u{301}", count: 16_000)
            #expect(
                try await postEscaped(client, combining, on: item, token: token).status == .badRequest,
                "one character of 16,001 scalars")
        }
    }

    // MARK: - Helpers

    /// Every scalar of `message` as a `\u` escape, supplementary ones as surrogate pairs.
    private func postEscaped(_ client: some TestClientProtocol, _ message: String, on item: UUID, token: String) async throws -> TestResponse {
        let escaped = message.utf16.map { unit in
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
        let body = #"{"message":""# + escaped + #""}"#
        return try await client.execute(
            uri: commentsPath(item), method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"], body: ByteBuffer(string: body))
    }

    private func makeSUT(clock: TestClock = TestClock()) async throws -> (some ApplicationProtocol, UUID) {
        let item = makeItem(1)
        let repository = try await makeRepository(items: [item])
        let hasher = PasswordHasher(cost: 4)
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: try await hasher.hash(Self.password), createdAt: clock.now)
        let app = Application(
            responder: try buildResponder(
                repository: repository, accounts: repository.accounts, publicURL: testPublicURL, hasher: hasher, now: { clock.now }))
        return (app, item.id)
    }

    private func commentsPath(_ item: UUID) -> String {
        "/essential-feed/v1/image/\(item.uuidString)/comments"
    }

    private func post(_ client: some TestClientProtocol, _ message: String, on item: UUID, token: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[.authorization] = token.map { "Bearer \($0)" }
        let body = try JSONSerialization.data(withJSONObject: ["message": message])
        return try await client.execute(uri: commentsPath(item), method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    private func tokenFromLogIn(_ client: some TestClientProtocol) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["username": "alice", "password": Self.password])
        let response = try await client.execute(
            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
        return try #require(try jsonObject(response.body)["token"] as? String)
    }
}
