import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Blocks and mutes: the API")
struct BlockRouteTests {
    private static let password = "correct horse battery"

    @Test func aBlock_makesEachUnknownToTheOther_andRefusesTheirFollowsLikesAndComments() async throws {
        let (app, posts) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.put, "accounts/alice/follow", token: bob)

            let blocked = try await client.send(.put, "accounts/bob/block", token: alice)
            #expect(try jsonObject(blocked.body) as NSDictionary == ["blocking": true])
            #expect(try jsonObject(try await client.send(.put, "accounts/bob/block", token: alice).body) as NSDictionary == ["blocking": true])

            #expect(try await client.send(.get, "accounts/alice", token: bob).status == .notFound)
            #expect(try await client.send(.get, "accounts/alice/feed", token: bob).status == .notFound)
            let asAlice = try await client.send(.get, "accounts/bob", token: alice)
            #expect(try jsonObject(asAlice.body)["blocking"] as? Bool == true, "whoever blocks finds the profile, to unblock it")
            #expect(try await client.send(.get, "accounts/alice", token: nil).status == .ok, "others still see both")
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: nil).body)["followers_count"] as? Int == 0, "the follow went")
            try expectProblem(try await client.send(.put, "accounts/alice/follow", token: bob), status: .notFound)
            try expectProblem(try await client.send(.put, "accounts/bob/follow", token: alice), status: .forbidden, type: "/essential-feed/problems/blocked")
            try expectProblem(try await client.send(.put, "image/\(posts.alice)/like", token: bob), status: .forbidden, type: "/essential-feed/problems/blocked")
            try expectProblem(
                try await client.send(.post, "image/\(posts.alice)/comments", token: bob, json: ["message": "Hi"]), status: .forbidden,
                type: "/essential-feed/problems/blocked")
            try expectProblem(try await client.send(.put, "accounts/alice/block", token: alice), status: .badRequest)
            #expect(try await client.send(.put, "accounts/nobody/block", token: alice).status == .notFound)
            #expect(try await client.send(.put, "accounts/bob/block", token: nil).status == .unauthorized)

            let bobsComment = try await client.send(.post, "image/\(posts.bob)/comments", token: bob, json: ["message": "Mine"])
            #expect(bobsComment.status == .created)
            #expect(try jsonItems(try await client.send(.get, "image/\(posts.bob)/comments", token: nil).body).count == 1)
            #expect(try await client.send(.get, "image/\(posts.bob)/comments", token: alice).status == .notFound, "his post is unknown to alice")
            #expect(try await client.send(.get, "image/\(posts.alice)", token: bob).status == .notFound, "and hers to him")

            #expect(try jsonObject(try await client.send(.delete, "accounts/bob/block", token: alice).body) as NSDictionary == ["blocking": false])
            #expect(try await client.send(.get, "accounts/alice", token: bob).status == .ok)
            #expect(try await client.send(.put, "image/\(posts.alice)/like", token: bob).status == .ok)
        }
    }

    @Test func aMute_keepsThemOutOfMyTimelineAndNotifications_andTheyCannotTell() async throws {
        let (app, posts) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.put, "accounts/bob/follow", token: alice)
            _ = try await client.send(.put, "image/\(posts.alice)/like", token: bob)
            #expect(try ids(try await client.send(.get, "timeline", token: alice).body).contains(posts.bob.uuidString))

            #expect(try jsonObject(try await client.send(.put, "accounts/bob/mute", token: alice).body) as NSDictionary == ["muting": true])

            #expect(try ids(try await client.send(.get, "timeline", token: alice).body) == [posts.alice.uuidString])
            #expect(try jsonItems(try await client.send(.get, "notifications", token: alice).body).isEmpty)
            #expect(try jsonObject(try await client.send(.get, "me", token: alice).body)["unread_notifications"] as? Int == 0)
            #expect(try jsonObject(try await client.send(.get, "accounts/bob", token: alice).body)["muting"] as? Bool == true)
            let asBob = try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)
            #expect(asBob["muting"] as? Bool == false, "bob sees only his own side")
            #expect(asBob["followed_by"] as? Bool == true, "and alice still follows him")
            #expect(try await client.send(.put, "image/\(posts.alice)/like", token: bob).status == .ok)
            #expect(try jsonObject(try await client.send(.delete, "accounts/bob/mute", token: alice).body) as NSDictionary == ["muting": false])
            #expect(try jsonItems(try await client.send(.get, "notifications", token: alice).body).count == 1, "the like, told again")
        }
    }

    @Test func aReader_learnsWhichPostsOfASharedPage_toLeaveOut_andOnlyTheirOwn() async throws {
        let (app, posts) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            let asked = "me/hidden?ids=\(posts.alice.uuidString),\(posts.bob.uuidString),\(UUID().uuidString)"
            #expect(try jsonObject(try await client.send(.get, asked, token: alice).body) as NSDictionary == ["hidden": []])

            _ = try await client.send(.put, "accounts/bob/mute", token: alice)
            #expect(try jsonObject(try await client.send(.get, asked, token: alice).body) as NSDictionary == ["hidden": [posts.bob.uuidString]])
            #expect(try jsonObject(try await client.send(.get, asked, token: bob).body) as NSDictionary == ["hidden": []], "bob cannot tell")

            _ = try await client.send(.put, "accounts/bob/block", token: alice)
            #expect(try jsonObject(try await client.send(.get, asked, token: bob).body) as NSDictionary == ["hidden": [posts.alice.uuidString]])
            #expect(try await client.send(.get, asked, token: nil).status == .unauthorized)
            #expect(try await client.send(.get, "me/hidden?ids=nope", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/hidden", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/hidden?ids=\(posts.bob.uuidString)%00x", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/hidden?ids=\(posts.bob.uuidString)&ids=\(posts.alice.uuidString)", token: alice).status == .badRequest)
            let tooMany = (0...AskedItemIDs.maximum).map { _ in UUID().uuidString }.joined(separator: ",")
            #expect(try await client.send(.get, "me/hidden?ids=\(tooMany)", token: alice).status == .badRequest)
        }
    }

    @Test func whomOneBlocksAndMutes_isListedToThemAlone_aPageAtATime() async throws {
        let (app, _) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.put, "accounts/bob/block", token: alice)
            _ = try await client.send(.put, "accounts/alice/mute", token: bob)

            let blocks = try await client.send(.get, "me/blocks", token: alice)
            #expect(blocks.status == .ok && blocks.headers[.cacheControl] == "no-store")
            #expect(try jsonItems(blocks.body).map { $0["username"] as? String } == ["bob"])
            #expect(try jsonItems(blocks.body).first?["display_name"] != nil)
            #expect(try jsonItems(try await client.send(.get, "me/mutes", token: alice).body).isEmpty)
            #expect(try jsonItems(try await client.send(.get, "me/mutes", token: bob).body).map { $0["username"] as? String } == ["alice"])
            #expect(try jsonItems(try await client.send(.get, "me/blocks", token: bob).body).isEmpty, "nobody learns who blocks them")
            let full = try await client.send(.get, "me/blocks?limit=1", token: alice)
            #expect(full.headers[.link]?.contains("after=bob") == true)
            #expect(try jsonItems(try await client.send(.get, "me/blocks?after=bob", token: alice).body).isEmpty)
            #expect(try await client.send(.get, "me/blocks?limit=0", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/blocks?after=no%20one", token: alice).status == .badRequest)
            #expect(try await client.send(.get, "me/mutes", token: nil).status == .unauthorized)
        }
    }

    private func makeSUT() async throws -> (some ApplicationProtocol, (alice: UUID, bob: UUID)) {
        let (app, posts) = try await makePeopleApp(["alice", "bob"], password: Self.password)
        return (app, (try #require(posts["alice"]), try #require(posts["bob"])))
    }
}
