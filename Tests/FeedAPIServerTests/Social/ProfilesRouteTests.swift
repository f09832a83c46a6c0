import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Profiles, following and the timeline over HTTP")
struct ProfilesRouteTests {
    private static let password = "correct horse battery"
    private static let base = "/essential-feed/v1"

    @Test func aProfile_showsThePersonAndTheirCounts_andWithATokenHowTheyFollowEachOther() async throws {
        let (app, _) = try await makeSUT(posts: [("alice", 1), ("bob", 2), ("alice", 3)])

        try await app.test(.router) { client in
            let encoded = try await client.execute(uri: "\(Self.base)/accounts/%61lice", method: .get)
            #expect(try jsonObject(encoded.body)["username"] as? String == "alice", "a percent-encoded letter is that letter")
            let anonymous = try await client.execute(uri: "\(Self.base)/accounts/ALICE", method: .get)
            #expect(anonymous.status == .ok)
            let profile = try jsonObject(anonymous.body)
            #expect(profile["username"] as? String == "alice")
            #expect(profile["display_name"] as? String == "Alice")
            #expect(profile["bio"] as? String == "")
            #expect(profile["avatar"] is NSNull)
            #expect(profile["posts_count"] as? Int == 2)
            #expect(profile["followers_count"] as? Int == 0)
            #expect(profile["created_at"] as? String == APIDateFormat.string(from: Date(timeIntervalSince1970: 1_790_000_000)))
            #expect(profile["following"] == nil && profile["followed_by"] == nil, "no one asked")

            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.put, "accounts/alice/follow", token: bob)
            let asBob = try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)
            #expect(asBob["following"] as? Bool == true)
            #expect(asBob["followed_by"] as? Bool == false)
            #expect(asBob["followers_count"] as? Int == 1)
            #expect(try await client.send(.get, "accounts/alice", token: "forged").status == .unauthorized)
        }
    }

    @Test(arguments: ["nobody", "%00", String(repeating: "a", count: 500), "..%2F..%2Fetc", "al%C3%ADce", "%E2%80%AEalice", "alice%0A", "a%20b"])
    func anUnknownOrImpossibleUsername_isA404Problem_neverAServerError(_ username: String) async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            for path in ["accounts/\(username)", "accounts/\(username)/feed", "accounts/\(username)/followers"] {
                let response = try await client.execute(uri: "\(Self.base)/\(path)", method: .get)
                #expect((400..<500).contains(response.status.code), "\(path): \(response.status)")
            }
            let profile = try await client.execute(uri: "\(Self.base)/accounts/\(username)", method: .get)
            try expectProblem(profile, status: .notFound, type: "/essential-feed/problems/unknown-account")
        }
    }

    @Test func following_isIdempotentBothWays_refusesOneselfAndStrangers_andNeedsAToken() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            for _ in 0..<2 {
                let followed = try await client.send(.put, "accounts/bob/follow", token: alice)
                #expect(followed.status == .ok)
                #expect(try jsonObject(followed.body) as NSDictionary == ["following": true, "requested": false, "followers_count": 1])
            }
            for _ in 0..<2 {
                let unfollowed = try await client.send(.delete, "accounts/bob/follow", token: alice)
                #expect(try jsonObject(unfollowed.body) as NSDictionary == ["following": false, "requested": false, "followers_count": 0])
            }
            try expectProblem(
                try await client.send(.put, "accounts/Alice/follow", token: alice), status: .badRequest,
                type: "/essential-feed/problems/cannot-follow-oneself")
            try expectProblem(try await client.send(.put, "accounts/nobody/follow", token: alice), status: .notFound)
            try expectProblem(try await client.send(.put, "accounts/bob/follow", token: nil), status: .unauthorized)
            try expectProblem(try await client.send(.delete, "accounts/bob/follow", token: nil), status: .unauthorized)
        }
    }

    @Test func theTimeline_isMineAndThoseIFollow_inThePageShapeOfTheFeed_andNeedsAToken() async throws {
        let (app, posted) = try await makeSUT(posts: [("bob", 1), ("carol", 2), ("alice", 3), ("bob", 4)])

        try await app.test(.router) { client in
            try expectProblem(try await client.send(.get, "timeline", token: nil), status: .unauthorized)
            let alice = try await client.token(of: "alice", password: Self.password)
            #expect(try ids(try await client.send(.get, "timeline", token: alice).body) == [posted[2].uuidString])

            _ = try await client.send(.put, "accounts/bob/follow", token: alice)
            let firstPage = try await client.send(.get, "timeline?limit=2", token: alice)
            #expect(try ids(firstPage.body) == [posted[0], posted[2]].map(\.uuidString))
            let item = try #require(try jsonItems(firstPage.body).first)
            #expect((item["author"] as? [String: Any])?["display_name"] as? String == "Bob")
            #expect(item["image"] is String && item["comment_count"] is Int)
            let next = try #require(firstPage.headers[.link])
            #expect(next == "<\(testPublicURL)\(Self.base)/timeline?limit=2&after_id=\(posted[2].uuidString)>; rel=\"next\"")
            let secondPage = try await client.send(.get, "timeline?limit=2&after_id=\(posted[2].uuidString)", token: alice)
            #expect(try ids(secondPage.body) == [posted[3].uuidString])
            try expectProblem(try await client.send(.get, "timeline?after_id=\(UUID().uuidString)", token: alice), status: .notFound)
            try expectProblem(try await client.send(.get, "timeline?limit=0", token: alice), status: .badRequest)

            _ = try await client.send(.delete, "accounts/bob/follow", token: alice)
            #expect(try ids(try await client.send(.get, "timeline", token: alice).body) == [posted[2].uuidString], "at once")
        }
    }

    @Test func aPersonsFeed_isTheirPostsAlone_pagedLikeTheFeed() async throws {
        let (app, posted) = try await makeSUT(posts: [("bob", 1), ("alice", 2), ("bob", 3), ("bob", 4)])

        try await app.test(.router) { client in
            let firstPage = try await client.execute(uri: "\(Self.base)/accounts/bob/feed?limit=2", method: .get)
            #expect(try ids(firstPage.body) == [posted[0], posted[2]].map(\.uuidString))
            #expect(firstPage.headers[.link]?.contains("/accounts/bob/feed?limit=2&after_id=\(posted[2].uuidString)") == true)
            let rest = try await client.execute(uri: "\(Self.base)/accounts/bob/feed?after_id=\(posted[2].uuidString)", method: .get)
            #expect(try ids(rest.body) == [posted[3].uuidString])
            #expect(rest.headers[.link] == nil)

            let before = try await client.execute(uri: "\(Self.base)/accounts/bob/feed?limit=1&before_id=\(posted[3].uuidString)", method: .get)
            #expect(try ids(before.body) == [posted[2].uuidString], "the post just before, to walk back from any")
            #expect(before.headers[.link] == nil)
            let both = try await client.execute(
                uri: "\(Self.base)/accounts/bob/feed?before_id=\(posted[3].uuidString)&after_id=\(posted[0].uuidString)", method: .get)
            try expectProblem(both, status: .badRequest)
            try expectProblem(try await client.execute(uri: "\(Self.base)/accounts/bob/feed?before_id=\(UUID().uuidString)", method: .get), status: .notFound)
            try expectProblem(try await client.execute(uri: "\(Self.base)/accounts/bob/feed?before_id=nope", method: .get), status: .badRequest)
        }
    }

    @Test func followersAndFollowing_listTheMostRecentFirst_andPageAfterAUsername() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            for name in ["bob", "carol"] {
                _ = try await client.send(.put, "accounts/alice/follow", token: try await client.token(of: name, password: Self.password))
            }
            let followers = try await client.execute(uri: "\(Self.base)/accounts/alice/followers?limit=1", method: .get)
            let first = try jsonItems(followers.body)
            #expect(first.count == 1)
            #expect(first.first?["username"] as? String == "carol")
            #expect(first.first?["display_name"] as? String == "Carol")
            #expect(first.first?["avatar"] is NSNull)
            #expect(followers.headers[.link] == "<\(testPublicURL)\(Self.base)/accounts/alice/followers?limit=1&after=carol>; rel=\"next\"")
            let rest = try await client.execute(uri: "\(Self.base)/accounts/alice/followers?after=carol", method: .get)
            #expect(rest.headers[.link] == nil, "not a full page")
            #expect(try jsonItems(rest.body).map { $0["username"] as? String } == ["bob"])
            let following = try await client.execute(uri: "\(Self.base)/accounts/bob/following", method: .get)
            #expect(try jsonItems(following.body).map { $0["username"] as? String } == ["alice"])
            try expectProblem(try await client.execute(uri: "\(Self.base)/accounts/alice/followers?after=dave", method: .get), status: .badRequest)
            try expectProblem(try await client.execute(uri: "\(Self.base)/accounts/alice/followers?limit=51", method: .get), status: .badRequest)
            for odd in ["+1", "%2B1", "0050", "-1", "1.0"] {
                try expectProblem(try await client.execute(uri: "\(Self.base)/accounts/alice/followers?limit=\(odd)", method: .get), status: .badRequest)
            }
        }
    }

    @Test func editingOnesProfile_changesWhatIsGiven_andRefusesWhatNoProfileMayHold() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let edited = try await client.send(.patch, "me", token: alice, json: ["display_name": "Alice Liddell", "bio": "Rabbit holes.\nTea."])
            #expect(edited.status == .ok)
            let profile = try jsonObject(edited.body)
            #expect(profile["display_name"] as? String == "Alice Liddell")
            #expect(profile["bio"] as? String == "Rabbit holes.\nTea.")
            let onlyBio = try jsonObject(try await client.send(.patch, "me", token: alice, json: ["bio": ""]).body)
            #expect(onlyBio["display_name"] as? String == "Alice Liddell")
            let trimmed = try jsonObject(try await client.send(.patch, "me", token: alice, json: ["display_name": "  Alice  \n"]).body)
            #expect(trimmed["display_name"] as? String == "Alice")

            for refused: [String: Any] in [
                ["display_name": ""], ["display_name": "   "], ["display_name": String(repeating: "a", count: 51)],
                ["display_name": "Alice\u{0007}"], ["display_name": "\u{202E}ecilA"], ["bio": String(repeating: "b", count: 301)],
                ["bio": "nul\u{0000}byte"], ["display_name": 42], ["display_name": NSNull()], ["username": "mallory"],
                ["avatar": "x"], ["display_name": "Alice", "admin": true]
            ] {
                let response = try await client.send(.patch, "me", token: alice, json: refused)
                try expectProblem(response, status: .badRequest)
            }
            #expect(try await client.send(.patch, "me", token: alice, json: ["display_name": String(repeating: "猫", count: 50)]).status == .ok)
            let joined = try jsonObject(try await client.send(.patch, "me", token: alice, json: ["display_name": "Ana 👩‍💻", "bio": "a\r\nb"]).body)
            #expect(joined["display_name"] as? String == "Ana 👩‍💻")
            #expect(joined["bio"] as? String == "a\nb")
            for disguised in ["a\u{2028}b", "\u{3164}", "e" + String(repeating: "\u{0301}", count: 200)] {
                try expectProblem(try await client.send(.patch, "me", token: alice, json: ["display_name": disguised]), status: .badRequest)
            }
            try expectProblem(try await client.send(.patch, "me", token: nil, json: ["bio": "x"]), status: .unauthorized)
        }
    }

    // MARK: - Helpers

    /// The API on a new database with alice, bob and carol, and `posts` (author, number) in feed order.
    private func makeSUT(posts: [(String, Int)] = []) async throws -> (some ApplicationProtocol, [UUID]) {
        let database = try await makeDatabase()
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        for name in ["alice", "bob", "carol"] {
            let username = try #require(Username(name))
            _ = try await database.accounts.createAccount(
                username: username, name: name.prefix(1).uppercased() + name.dropFirst(), passwordHash: passwordHash,
                createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }
        let items = posts.map { author, number in
            var item = makeItem(number)
            item.authorUsername = author
            return item
        }
        try await database.feed.append(items)
        let app = Application(
            responder: try buildResponder(
                repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, hasher: hasher))
        return (app, items.map(\.id))
    }
}
