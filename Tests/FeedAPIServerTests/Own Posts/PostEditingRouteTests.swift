import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Own posts: the API")
struct PostEditingRouteTests {
    private static let password = "correct horse battery"
    private static let editedAt = Date(timeIntervalSince1970: 1_790_000_600)

    @Test func anEdit_changesTheTextsGiven_clearsThoseSentAsNull_andMarksTheTime_forEveryReader() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            _ = try await client.send(.get, "feed", token: nil)

            let answer = try await client.send(
                .patch, "image/\(posted[0])", token: alice,
                json: ["description": "  At dawn, edited  ", "location": NSNull(), "content_warning": "Heights"])

            #expect(answer.status == .ok)
            let item = try jsonObject(answer.body)
            #expect(item["description"] as? String == "At dawn, edited")
            #expect(item["location"] == nil)
            #expect(item["alt"] as? String == "A harbour", "left out, left as it was")
            #expect(item["content_warning"] as? String == "Heights")
            #expect(item["edited_at"] as? String == APIDateFormat.string(from: Self.editedAt))
            let feed = try jsonItems(try await client.send(.get, "feed", token: nil).body)
            #expect(feed.first?["description"] as? String == "At dawn, edited", "a page cached before shows the edit")
            #expect(feed.first?["content_warning"] as? String == "Heights")

            let lines = try jsonObject(try await client.send(.patch, "image/\(posted[0])", token: alice, json: ["alt": "One\r\nTwo"]).body)
            #expect(lines["alt"] as? String == "One\nTwo", "a browser's line breaks are line breaks")
            let cleared = try jsonObject(try await client.send(.patch, "image/\(posted[0])", token: alice, json: ["content_warning": ""]).body)
            #expect(cleared["content_warning"] == nil)

            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.patch, "image/\(posted[0])", token: alice, json: ["description": "At dawn with @bob"])
            let told = try jsonItems(try await client.send(.get, "notifications", token: bob).body)
            #expect(told.map { $0["type"] as? String } == ["mention"], "a mention an edit adds tells the person")
        }
    }

    @Test func anEdit_isRefused_toOthers_withoutAToken_andForTextsOutOfBounds() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let path = "image/\(posted[0])"

            try expectProblem(try await client.send(.patch, path, token: bob, json: ["description": "Mine"]), status: .forbidden, type: "/essential-feed/problems/not-yours")
            #expect(try await client.send(.patch, path, token: nil, json: ["description": "Mine"]).status == .unauthorized)
            #expect(try await client.send(.patch, "image/\(UUID())", token: alice, json: ["description": "x"]).status == .notFound)
            #expect(try await client.send(.patch, "image/not-an-id", token: alice, json: ["description": "x"]).status == .badRequest)
            for body: [String: Any] in [
                [:], ["title": "x"], ["description": 7], ["description": String(repeating: "a", count: 501)],
                ["content_warning": String(repeating: "a", count: 201)], ["location": "a\u{7}b"]
            ] {
                try expectProblem(try await client.send(.patch, path, token: alice, json: body), status: .badRequest)
            }
            #expect(try jsonObject(try await client.send(.get, path, token: nil).body)["description"] as? String == "Description 1")
        }
    }

    @Test func removingAPost_takesItEverywhere_itsFilesToo_andPagingAfterItGoesOn() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let item = try jsonObject(try await client.send(.get, "image/\(posted[0])", token: nil).body)
            let imagePath = try #require((item["image"] as? String)?.replacingOccurrences(of: testPublicURL, with: ""))
            #expect(try await client.execute(uri: imagePath, method: .get).status == .ok)

            try expectProblem(try await client.send(.delete, "image/\(posted[0])", token: bob), status: .forbidden)
            #expect(try await client.send(.delete, "image/\(posted[0])", token: nil).status == .unauthorized)
            #expect(try await client.send(.delete, "image/\(posted[0])", token: alice).status == .noContent)

            #expect(try await client.send(.get, "image/\(posted[0])", token: nil).status == .notFound)
            #expect(try await client.send(.get, "image/\(posted[0])/comments", token: nil).status == .notFound)
            #expect(try await client.execute(uri: imagePath, method: .get).status == .notFound)
            #expect(try ids(try await client.send(.get, "feed", token: nil).body) == [posted[1].uuidString])
            let after = try await client.send(.get, "feed?after_id=\(posted[0])", token: nil)
            #expect(after.status == .ok, "a client holding the removed post still pages on")
            #expect(try ids(after.body) == [posted[1].uuidString])
            #expect(try await client.send(.get, "accounts/alice/feed?after_id=\(posted[0])", token: nil).status == .ok)
            #expect(try await client.send(.delete, "image/\(posted[0])", token: alice).status == .notFound)
        }
    }

    @Test func aComment_isRemovedByItsAuthor_orThePhotosOwner_andTheCountFollows() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let carol = try await client.token(of: "carol", password: Self.password)
            var comments: [String] = []
            for message in ["One", "Two"] {
                let answer = try await client.send(.post, "image/\(posted[0])/comments", token: bob, json: ["message": message])
                comments.append(try #require(try jsonObject(answer.body)["id"] as? String))
            }

            try expectProblem(try await client.send(.delete, "image/\(posted[0])/comments/\(comments[0])", token: carol), status: .forbidden)
            #expect(try await client.send(.delete, "image/\(posted[1])/comments/\(comments[0])", token: bob).status == .notFound)
            #expect(try await client.send(.delete, "image/\(posted[0])/comments/nope", token: bob).status == .badRequest)
            #expect(try await client.send(.delete, "image/\(posted[0])/comments/\(comments[0])", token: bob).status == .noContent)
            #expect(try await client.send(.delete, "image/\(posted[0])/comments/\(comments[1])", token: alice).status == .noContent)

            #expect(try jsonItems(try await client.send(.get, "image/\(posted[0])/comments", token: nil).body).isEmpty)
            #expect(try jsonObject(try await client.send(.get, "image/\(posted[0])", token: nil).body)["comment_count"] as? Int == 0)
        }
    }

    private func makeSUT() async throws -> (some ApplicationProtocol, [UUID]) {
        let database = try await makeDatabase()
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        for name in ["alice", "bob", "carol"] {
            _ = try await database.accounts.createAccount(
                username: try #require(Username(name)), name: name.capitalized, passwordHash: passwordHash, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }
        var first = makeItem(1)
        first.authorUsername = "alice"
        first.alt = "A harbour"
        var second = makeItem(2)
        second.authorUsername = "bob"
        try await database.feed.append([first, second])
        var options = APIRouteOptions(hasher: hasher)
        options.now = { Self.editedAt }
        let app = Application(
            router: try buildRouter(
                repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, options: options))
        return (app, [first.id, second.id])
    }
}
