import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Likes: the API")
struct LikesRouteTests {
    private static let password = "correct horse battery"

    @Test func likingAndUnliking_answerTheStateAndCount_idempotently_andPagesCarryTheCount() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let item = posted[0].uuidString

            for _ in 0..<2 {
                let liked = try await client.send(.put, "image/\(item)/like", token: alice)
                #expect(liked.status == .ok)
                #expect(try jsonObject(liked.body) as NSDictionary == ["liked": true, "like_count": 1])
            }
            _ = try await client.send(.put, "image/\(item)/like", token: bob)
            let feed = try jsonObject(try await client.send(.get, "feed", token: nil).body)
            let first = try #require((feed["items"] as? [[String: Any]])?.first)
            #expect(first["like_count"] as? Int == 2)
            #expect(first["liked"] == nil, "without a token, the feed is no one's")

            let asReader = try jsonObject(try await client.send(.get, "feed", token: alice).body)
            #expect((asReader["items"] as? [[String: Any]])?.first?["liked"] as? Bool == true, "read with a token, the feed says")
            let asCarol = try jsonObject(try await client.send(.get, "feed", token: try await client.token(of: "carol", password: Self.password)).body)
            #expect((asCarol["items"] as? [[String: Any]])?.first?["liked"] as? Bool == false, "each reader their own")
            #expect(try await client.send(.get, "feed", token: "not-a-token").status == .unauthorized)
            let timeline = try jsonObject(try await client.send(.get, "timeline", token: alice).body)
            #expect((timeline["items"] as? [[String: Any]])?.first?["liked"] as? Bool == true)
            let unliked = try await client.send(.delete, "image/\(item)/like", token: alice)
            #expect(try jsonObject(unliked.body) as NSDictionary == ["liked": false, "like_count": 1])
            let asAlice = try jsonObject(try await client.send(.get, "accounts/alice/feed", token: alice).body)
            #expect((asAlice["items"] as? [[String: Any]])?.first?["liked"] as? Bool == false)
        }
    }

    @Test func theReadersLikes_amongPhotosAsked_areTold_inTheOrderAsked() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            _ = try await client.send(.put, "image/\(posted[0].uuidString)/like", token: alice)
            let other = UUID()
            let answer = try await client.send(.get, "me/likes?ids=\(other.uuidString),\(posted[0].uuidString)", token: alice)
            #expect(try jsonObject(answer.body) as NSDictionary == ["liked": [posted[0].uuidString]])
            let bob = try await client.token(of: "bob", password: Self.password)
            #expect(try jsonObject(try await client.send(.get, "me/likes?ids=\(posted[0].uuidString)", token: bob).body) as NSDictionary == ["liked": []])
            #expect(try await client.send(.get, "me/likes?ids=\(posted[0].uuidString)", token: nil).status == .unauthorized)
            #expect(try await client.send(.get, "me/likes?ids=nope", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/likes", token: alice).status == .badRequest)
            let tooMany = (0...50).map { _ in UUID().uuidString }.joined(separator: ",")
            #expect(try await client.send(.get, "me/likes?ids=\(tooMany)", token: alice).status == .badRequest)
        }
    }

    @Test func whoLiked_isListedMostRecentFirst() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            for name in ["alice", "bob", "carol"] {
                _ = try await client.send(.put, "image/\(posted[0].uuidString)/like", token: try await client.token(of: name, password: Self.password))
            }
            let page = try await client.send(.get, "image/\(posted[0].uuidString)/likes?limit=2", token: nil)
            let items = try #require(try jsonObject(page.body)["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["username"] as? String }.count == 2)
            #expect(page.headers[.link]?.contains("after=") == true)
        }
    }

    @Test func refusals_needAToken_anExistingPost_andAtMost60ChangesAMinute() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            #expect(try await client.send(.put, "image/\(posted[0].uuidString)/like", token: nil).status == .unauthorized)
            #expect(try await client.send(.put, "image/\(UUID().uuidString)/like", token: alice).status == .notFound)
            #expect(try await client.send(.get, "image/\(UUID().uuidString)/likes", token: nil).status == .notFound)
            #expect(try await client.send(.put, "image/not-an-id/like", token: alice).status == .badRequest)

            for change in 0..<60 {
                let response = try await client.send(change.isMultiple(of: 2) ? .put : .delete, "image/\(posted[0].uuidString)/like", token: alice)
                #expect(response.status == .ok)
            }
            let refused = try await client.send(.put, "image/\(posted[0].uuidString)/like", token: alice)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/too-many-likes")
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
        var item = makeItem(1)
        item.authorUsername = "alice"
        try await database.feed.append([item])
        let app = Application(
            responder: try buildResponder(
                repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, hasher: hasher))
        return (app, [item.id])
    }
}
