import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Notifications and the bounds on follows and comments: the API")
struct NotificationsRouteTests {
    private static let password = "correct horse battery"

    @Test func likesCommentsFollowsAndMentions_areListedNewestFirst_andMarkedRead() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let carol = try await client.token(of: "carol", password: Self.password)
            let item = posted[0].uuidString

            _ = try await client.send(.put, "image/\(item)/like", token: bob)
            let comment = try jsonObject(try await client.send(.post, "image/\(item)/comments", token: bob, json: ["message": "Lovely, @Carol!"]).body)
            _ = try await client.send(.put, "accounts/alice/follow", token: carol)

            let page = try await client.send(.get, "notifications", token: alice)
            #expect(page.status == .ok)
            let body = try jsonObject(page.body)
            let items = try #require(body["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["type"] as? String } == ["follow", "comment", "like"])
            #expect(body["unread_count"] as? Int == 3)
            let commented = items[1]
            #expect(commented["image_id"] as? String == item && commented["comment_id"] as? String == comment["id"] as? String)
            #expect(commented["excerpt"] as? String == "Lovely, @Carol!" && commented["read"] as? Bool == false)
            #expect((commented["account"] as? [String: Any])?["username"] as? String == "bob")
            #expect((commented["account"] as? [String: Any])?["display_name"] as? String == "Bob")
            #expect(items[0]["image_id"] == nil, "a follow is of no photo")

            let mentions = try #require(try jsonObject(try await client.send(.get, "notifications", token: carol).body)["items"] as? [[String: Any]])
            #expect(mentions.compactMap { $0["type"] as? String } == ["mention"])
            #expect(try jsonObject(try await client.send(.get, "me", token: alice).body)["unread_notifications"] as? Int == 3)

            let newest = try #require(items[0]["id"] as? Int)
            let read = try await client.send(.post, "notifications/read", token: alice, json: ["up_to_id": newest])
            #expect(try jsonObject(read.body) as NSDictionary == ["unread_count": 0])
            #expect(try jsonObject(try await client.send(.get, "me", token: alice).body)["unread_notifications"] as? Int == 0)
            let reread = try #require(try jsonObject(try await client.send(.get, "notifications", token: alice).body)["items"] as? [[String: Any]])
            #expect(reread.allSatisfy { $0["read"] as? Bool == true })

            let paged = try await client.send(.get, "notifications?limit=2", token: alice)
            #expect(paged.headers[.link]?.contains("after_id=") == true)
            let last = try #require((try jsonObject(paged.body)["items"] as? [[String: Any]])?.last?["id"] as? Int)
            let rest = try #require(try jsonObject(try await client.send(.get, "notifications?after_id=\(last)", token: alice).body)["items"] as? [[String: Any]])
            #expect(rest.compactMap { $0["type"] as? String } == ["like"])
        }
    }

    @Test func refusals_needAToken_aWholeNumber_andABody() async throws {
        let (app, _) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            #expect(try await client.send(.get, "notifications", token: nil).status == .unauthorized)
            #expect(try await client.send(.post, "notifications/read", token: nil, json: ["up_to_id": 1]).status == .unauthorized)
            #expect(try await client.send(.get, "notifications?after_id=x", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "notifications?limit=0", token: alice).status == .badRequest)
            #expect(try await client.send(.post, "notifications/read", token: alice, json: ["up_to": 1]).status == .badRequest)
            #expect(try await client.send(.post, "notifications/read", token: alice, json: ["up_to_id": -1]).status == .badRequest)
        }
    }

    @Test func follows_areBoundedPerAccountAnHour_andCommentsEveryTenMinutes() async throws {
        let (app, posted) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            for change in 0..<60 {
                let response = try await client.send(change.isMultiple(of: 2) ? .put : .delete, "accounts/alice/follow", token: bob)
                #expect(response.status == .ok)
            }
            #expect(try await client.send(.delete, "accounts/alice/follow", token: bob).status == .ok, "no change: not counted")
            let refused = try await client.send(.put, "accounts/alice/follow", token: bob)
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 3_000)
            #expect(try jsonObject(refused.body)["type"] as? String == "/essential-feed/problems/too-many-follows")

            for number in 0..<30 {
                let response = try await client.send(.post, "image/\(posted[0].uuidString)/comments", token: bob, json: ["message": "\(number)"])
                #expect(response.status == .created)
            }
            let tooMany = try await client.send(.post, "image/\(posted[0].uuidString)/comments", token: bob, json: ["message": "one more"])
            #expect(tooMany.status == .tooManyRequests)
            #expect(try jsonObject(tooMany.body)["type"] as? String == "/essential-feed/problems/too-many-comments")
            let comments = try jsonObject(try await client.send(.get, "image/\(posted[0].uuidString)/comments", token: nil).body)
            #expect((comments["items"] as? [Any])?.count == 30)
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
