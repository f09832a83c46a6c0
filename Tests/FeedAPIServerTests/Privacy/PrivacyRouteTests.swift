import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

/// Followers-only posts and locked accounts through the API: every read tried as the wrong person.
@Suite("Privacy: the API")
struct PrivacyRouteTests {
    private static let password = "correct horse battery"

    @Test func aFollowersOnlyPost_isUnknownToAllButItsAuthorAndFollowers_onEveryRoute() async throws {
        let (app, posts) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let carol = try await client.token(of: "carol", password: Self.password)
            _ = try await client.send(.put, "accounts/alice/follow", token: bob)
            let hidden = posts.alice.uuidString
            let changed = try await client.send(.patch, "image/\(hidden)", token: alice, json: ["visibility": "followers"])
            #expect(try jsonObject(changed.body)["visibility"] as? String == "followers")
            try expectProblem(try await client.send(.patch, "image/\(hidden)", token: alice, json: ["visibility": "friends"]), status: .badRequest)

            let bobsComments = try await client.send(.get, "image/\(hidden)/comments", token: bob)
            #expect(bobsComments.status == .ok, "a follower reads the comments")
            #expect(bobsComments.headers[.cacheControl] == "private, no-cache")
            for stranger in [nil, carol] {
                for path in ["image/\(hidden)", "image/\(hidden)/comments", "image/\(hidden)/likes"] {
                    #expect(try await client.send(.get, path, token: stranger).status == .notFound, "\(path) as \(stranger == nil ? "nobody" : "carol")")
                }
                #expect(try ids(try await client.send(.get, "accounts/alice/feed", token: stranger).body) == [])
                #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: stranger).body)["posts_count"] as? Int == 0, "nor counted")
                #expect(try ids(try await client.send(.get, "feed", token: stranger).body) == [posts.bob.uuidString])
            }
            #expect(try await client.send(.put, "image/\(hidden)/like", token: carol).status == .notFound)
            #expect(try await client.send(.post, "image/\(hidden)/comments", token: carol, json: ["message": "Hi"]).status == .notFound)
            for _ in 0..<10 {
                #expect(try jsonObject(try await client.send(.get, "images/random", token: nil).body)["id"] as? String == posts.bob.uuidString)
            }

            let asBob = try await client.send(.get, "image/\(hidden)", token: bob)
            #expect(asBob.status == .ok)
            #expect(asBob.headers[.cacheControl] == "private, no-cache")
            #expect(try await client.send(.get, "image/\(hidden)", token: alice).status == .ok, "its author")
            #expect(try ids(try await client.send(.get, "accounts/alice/feed", token: bob).body) == [hidden])
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)["posts_count"] as? Int == 1)
            #expect(try ids(try await client.send(.get, "timeline", token: bob).body).contains(hidden))
            #expect(try await client.send(.put, "image/\(hidden)/like", token: bob).status == .ok)
            #expect(try await client.send(.post, "image/\(hidden)/comments", token: bob, json: ["message": "Lovely"]).status == .created)
            #expect(try await client.send(.get, "image/\(hidden)/likes", token: bob).status == .ok)
            #expect(try await client.send(.get, "image/\(hidden)/comments", token: nil).status == .notFound, "a follower's read is not shared")

            _ = try await client.send(.put, "accounts/bob/block", token: alice)
            #expect(try await client.send(.get, "image/\(hidden)", token: bob).status == .notFound, "a block ends the follow")
            _ = try await client.send(.patch, "image/\(hidden)", token: alice, json: ["visibility": "public"])
            #expect(try ids(try await client.send(.get, "feed", token: carol).body) == [hidden, posts.bob.uuidString])
            #expect(try ids(try await client.send(.get, "feed", token: bob).body) == [posts.bob.uuidString], "nor in the feed read with their token")
            #expect(try ids(try await client.send(.get, "feed", token: alice).body) == [hidden], "either way")
        }
    }

    @Test func aLockedAccount_asksItsOwnerToAcceptEachFollower() async throws {
        let (app, _) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let carol = try await client.token(of: "carol", password: Self.password)
            let settings = try jsonObject(try await client.send(.patch, "me", token: alice, json: ["locked": true, "default_visibility": "followers"]).body)
            #expect(settings["locked"] as? Bool == true)
            #expect(settings["default_visibility"] as? String == "followers")
            for body: [String: Any] in [["locked": "yes"], ["default_visibility": "friends"], ["locked": NSNull()]] {
                #expect(try await client.send(.patch, "me", token: alice, json: body).status == .badRequest)
            }

            let asked = try await client.send(.put, "accounts/alice/follow", token: bob)
            #expect(try jsonObject(asked.body) as NSDictionary == ["following": false, "requested": true, "followers_count": 0])
            let profile = try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)
            #expect(profile["requested"] as? Bool == true)
            #expect(profile["locked"] as? Bool == true)
            let me = try jsonObject(try await client.send(.get, "me", token: alice).body)
            #expect(me["follow_requests"] as? Int == 1)
            #expect(me["locked"] as? Bool == true)
            let waiting = try jsonItems(try await client.send(.get, "follow-requests", token: alice).body)
            #expect(waiting.map { $0["username"] as? String } == ["bob"])
            #expect(waiting.first?["requested_at"] as? String != nil)
            #expect(try jsonItems(try await client.send(.get, "follow-requests", token: bob).body).isEmpty)
            #expect(try await client.send(.get, "follow-requests", token: nil).status == .unauthorized)
            #expect(try await client.send(.post, "follow-requests/bob/accept", token: carol).status == .notFound, "only the one asked answers")

            #expect(try await client.send(.post, "follow-requests/bob/accept", token: alice).status == .noContent)
            #expect(try await client.send(.post, "follow-requests/bob/accept", token: alice).status == .notFound)
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)["following"] as? Bool == true)
            _ = try await client.send(.put, "accounts/alice/follow", token: carol)
            #expect(try await client.send(.post, "follow-requests/carol/reject", token: alice).status == .noContent)
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: carol).body)["following"] as? Bool == false)
            #expect(try await client.send(.post, "follow-requests/nobody/reject", token: alice).status == .notFound)
        }
    }

    @Test func anUpload_takesItsVisibility_orItsAuthorsDefault() async throws {
        let (app, _) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let chosen = try await upload(client, fields: ["visibility": "followers"], token: alice)
            #expect(try jsonObject(chosen.body)["visibility"] as? String == "followers")
            #expect(try jsonObject(try await upload(client, fields: [:], token: alice).body)["visibility"] as? String == "public")
            _ = try await client.send(.patch, "me", token: alice, json: ["default_visibility": "followers"])
            #expect(try jsonObject(try await upload(client, fields: [:], token: alice).body)["visibility"] as? String == "followers")
            #expect(try await upload(client, fields: ["visibility": "everyone"], token: alice).status == .badRequest)
        }
    }

    private func upload(_ client: some TestClientProtocol, fields: [String: String], token: String) async throws -> TestResponse {
        let boundary = "essential-\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += try photoFile(width: 64, height: 48, seed: fields.count) + Data("\r\n".utf8)
        body += Data("--\(boundary)--\r\n".utf8)
        return try await client.execute(
            uri: "/essential-feed/v1/images", method: .post,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(token)"], body: ByteBuffer(bytes: body))
    }

    private func makeSUT() async throws -> (some ApplicationProtocol, (alice: UUID, bob: UUID)) {
        let (app, posts) = try await makePeopleApp(["alice", "bob", "carol"], posters: ["alice", "bob"], password: Self.password)
        return (app, (try #require(posts["alice"]), try #require(posts["bob"])))
    }
}
