import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Moderation: the API")
struct ModerationRouteTests {
    private static let password = "correct horse battery"

    @Test func aReport_isMadeOncePerPerson_andModeratorsAloneSeeItWithWhatItNames() async throws {
        let (app, photo) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)

            let made = try await client.send(.post, "reports", token: bob, json: ["image_id": photo.uuidString, "reason": "spam", "note": " Ads "])
            #expect(made.status == .created)
            let report = try jsonObject(made.body)
            #expect(report["reason"] as? String == "spam" && report["note"] as? String == "Ads")
            #expect(report["target"] as? NSDictionary == ["type": "image", "id": photo.uuidString])
            try expectProblem(
                try await client.send(.post, "reports", token: bob, json: ["image_id": photo.uuidString, "reason": "abuse"]), status: .conflict,
                type: "/essential-feed/problems/already-reported")
            _ = try await client.send(.post, "reports", token: bob, json: ["username": "alice", "reason": "abuse"])
            #expect(try await client.send(.post, "reports", token: nil, json: ["username": "alice", "reason": "abuse"]).status == .unauthorized)
            #expect(try await client.send(.post, "reports", token: bob, json: ["image_id": UUID().uuidString, "reason": "spam"]).status == .notFound)
            for body: [String: Any] in [
                ["image_id": photo.uuidString, "username": "alice", "reason": "spam"], ["reason": "spam"], ["username": "alice", "reason": "meh"],
                ["image_id": "nope", "reason": "spam"], ["username": "alice", "reason": "other", "note": String(repeating: "a", count: 1_001)]
            ] {
                try expectProblem(try await client.send(.post, "reports", token: bob, json: body), status: .badRequest)
            }

            try expectProblem(try await client.send(.get, "moderation/reports", token: bob), status: .forbidden)
            let queue = try jsonItems(try await client.send(.get, "moderation/reports", token: mod).body)
            #expect(queue.count == 2)
            #expect((queue[0]["reporter"] as? [String: Any])?["username"] as? String == "bob")
            #expect((queue[0]["content"] as? [String: Any])?["id"] as? String == photo.uuidString, "the photo itself, to judge")
            #expect((queue[1]["content"] as? [String: Any])?["username"] as? String == "alice")
            let paged = try jsonItems(try await client.send(.get, "moderation/reports?limit=1&after=\(queue[0]["id"] as? Int ?? 0)", token: mod).body)
            #expect(paged.map { $0["id"] as? Int } == [queue[1]["id"] as? Int])
        }
    }

    @Test func aModerator_removesAPhoto_itsReportsClose_andTheLogSaysWhoWhatAndWhy() async throws {
        let (app, photo) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)
            _ = try await client.send(.post, "reports", token: bob, json: ["image_id": photo.uuidString, "reason": "illegal"])

            try expectProblem(try await client.send(.delete, "image/\(photo)", token: bob), status: .forbidden)
            #expect(try await client.send(.delete, "image/\(photo)?reason=Stolen%20photo", token: mod).status == .noContent)

            #expect(try await client.send(.get, "image/\(photo)", token: nil).status == .notFound)
            #expect(try jsonItems(try await client.send(.get, "moderation/reports", token: mod).body).isEmpty)
            let log = try jsonItems(try await client.send(.get, "moderation/log", token: mod).body)
            #expect(log.count == 1)
            #expect(log.first?["moderator"] as? String == "mod")
            #expect(log.first?["action"] as? String == "remove_image")
            #expect(log.first?["reason"] as? String == "Stolen photo")
            #expect(log.first?["target"] as? NSDictionary == ["type": "image", "id": photo.uuidString])
            try expectProblem(try await client.send(.get, "moderation/log", token: bob), status: .forbidden)
        }
    }

    @Test func aSuspension_endsEverySession_refusesLogIn_sayingWhy_andHidesThePosts_untilLifted() async throws {
        let (app, photo) = try await makeSUT()
        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)

            let suspended = try await client.send(.post, "accounts/alice/suspension", token: mod, json: ["reason": "Harassment"])
            #expect(suspended.status == .ok)
            #expect(try jsonObject(suspended.body)["reason"] as? String == "Harassment")

            #expect(try await client.send(.get, "me", token: alice).status == .unauthorized, "every token revoked at once")
            let refused = try await logIn(client, "alice")
            try expectProblem(refused, status: .forbidden, type: "/essential-feed/problems/account-suspended")
            #expect((try jsonObject(refused.body)["detail"] as? String)?.contains("Harassment") == true)
            try expectProblem(try await logIn(client, "alice", password: "wrong password!"), status: .unauthorized)
            #expect(try ids(try await client.send(.get, "feed", token: nil).body).contains(photo.uuidString) == false)

            #expect(try await client.send(.delete, "accounts/alice/suspension?reason=Appeal", token: mod).status == .noContent)
            #expect(try await logIn(client, "alice").status == .created)
            #expect(try ids(try await client.send(.get, "feed", token: nil).body).contains(photo.uuidString))
            let log = try jsonItems(try await client.send(.get, "moderation/log", token: mod).body)
            #expect(log.compactMap { $0["action"] as? String } == ["lift_suspension", "suspend"])
        }
    }

    @Test func suspensions_areForModerators_neverOfOneself_andOfModeratorsForAdminsAlone() async throws {
        let (app, _) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)
            let admin = try await client.token(of: "root", password: Self.password)

            try expectProblem(try await client.send(.post, "accounts/alice/suspension", token: bob, json: ["reason": "x"]), status: .forbidden)
            try expectProblem(try await client.send(.post, "accounts/mod/suspension", token: mod, json: ["reason": "x"]), status: .badRequest)
            try expectProblem(try await client.send(.post, "accounts/root/suspension", token: mod, json: ["reason": "x"]), status: .forbidden)
            try expectProblem(try await client.send(.post, "accounts/nobody/suspension", token: mod, json: ["reason": "x"]), status: .notFound)
            try expectProblem(try await client.send(.post, "accounts/alice/suspension", token: mod, json: [:]), status: .badRequest)
            #expect(try await client.send(.post, "accounts/mod/suspension", token: admin, json: ["reason": "Abuse of power"]).status == .ok)
            #expect(try await client.send(.get, "me", token: mod).status == .unauthorized)
            let otherModerator = try await client.token(of: "other", password: Self.password)
            try expectProblem(try await client.send(.delete, "accounts/mod/suspension", token: otherModerator), status: .forbidden)
            try expectProblem(try await client.send(.delete, "accounts/alice/suspension", token: otherModerator), status: .notFound)
            let tooLong = try JSONSerialization.data(withJSONObject: ["reason": String(repeating: "a", count: 14_000)])
            let oversized = try await client.execute(
                uri: "/essential-feed/v1/accounts/alice/suspension", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(otherModerator)"], body: ByteBuffer(bytes: tooLong))
            #expect(oversized.status == .contentTooLarge)
            #expect(try await client.send(.delete, "accounts/mod/suspension", token: admin).status == .noContent)
        }
    }

    @Test func aPhotoItsOwnerRemoves_leavesNoOpenReport_andNothingInTheLog() async throws {
        let (app, photo) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let alice = try await client.token(of: "alice", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)
            _ = try await client.send(.post, "reports", token: bob, json: ["image_id": photo.uuidString, "reason": "spam"])

            #expect(try await client.send(.delete, "image/\(photo)", token: alice).status == .noContent)

            #expect(try jsonItems(try await client.send(.get, "moderation/reports", token: mod).body).isEmpty)
            #expect(try jsonItems(try await client.send(.get, "moderation/log", token: mod).body).isEmpty)
        }
    }

    @Test func dismissingAReport_closesIt_andIsLogged() async throws {
        let (app, photo) = try await makeSUT()
        try await app.test(.router) { client in
            let bob = try await client.token(of: "bob", password: Self.password)
            let mod = try await client.token(of: "mod", password: Self.password)
            let id = try #require(try jsonObject(try await client.send(.post, "reports", token: bob, json: ["image_id": photo.uuidString, "reason": "other"]).body)["id"] as? Int)

            try expectProblem(try await client.send(.post, "moderation/reports/\(id)/dismiss", token: bob), status: .forbidden)
            #expect(try await client.send(.post, "moderation/reports/\(id)/dismiss", token: mod, json: ["reason": "Fine"]).status == .noContent)
            #expect(try await client.send(.post, "moderation/reports/\(id)/dismiss", token: mod).status == .notFound)
            #expect(try await client.send(.post, "moderation/reports/nope/dismiss", token: mod).status == .badRequest)
            #expect(try jsonItems(try await client.send(.get, "moderation/reports", token: mod).body).isEmpty)
            #expect(try jsonItems(try await client.send(.get, "moderation/log", token: mod).body).first?["action"] as? String == "dismiss")
            #expect(try jsonObject(try await client.send(.get, "me", token: mod).body)["role"] as? String == "moderator")
            #expect(try jsonObject(try await client.send(.get, "me", token: bob).body)["role"] as? String == "member")
        }
    }

    private func logIn(_ client: some TestClientProtocol, _ username: String, password: String = Self.password) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        return try await client.execute(
            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
    }

    private func makeSUT() async throws -> (some ApplicationProtocol, UUID) {
        let database = try await makeDatabase()
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        for name in ["alice", "bob", "mod", "other", "root"] {
            _ = try await database.accounts.createAccount(
                username: try #require(Username(name)), name: name.capitalized, passwordHash: passwordHash, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }
        _ = try await database.moderation.setRole(.moderator, forAccountNamed: try #require(Username("mod")))
        _ = try await database.moderation.setRole(.moderator, forAccountNamed: try #require(Username("other")))
        _ = try await database.moderation.setRole(.admin, forAccountNamed: try #require(Username("root")))
        var item = makeItem(1)
        item.authorUsername = "alice"
        try await database.feed.append([item])
        var options = APIRouteOptions(hasher: hasher)
        options.now = { Date(timeIntervalSince1970: 1_790_000_600) }
        let app = Application(
            router: try buildRouter(
                repository: database.feed, accounts: database.accounts, social: database.social, moderation: database.moderation,
                publicURL: testPublicURL, options: options))
        return (app, item.id)
    }
}
