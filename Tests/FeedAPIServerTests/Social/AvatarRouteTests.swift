import Foundation
import Hummingbird
import HummingbirdTesting
import PhotoFixtures
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("A person's picture over HTTP")
struct AvatarRouteTests {
    private static let password = "correct horse battery"
    private static let base = "/essential-feed/v1"

    @Test func anAvatar_isKeptAsSquares_andShowsWithItsOwnerInEveryAnswer_untilRemoved() async throws {
        let (app, itemID) = try await makeSUT()

        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let bob = try await client.token(of: "bob", password: Self.password)
            _ = try await client.send(.put, "accounts/bob/follow", token: alice)
            _ = try await client.send(.post, "image/\(itemID.uuidString)/comments", token: alice, json: ["message": "Mine"])
            let feedBefore = try await client.send(.get, "feed", token: nil)
            #expect(try author(ofFirstItemIn: feedBefore)["avatar"] is NSNull)

            let uploaded = try await uploadAvatar(client, file: try PhotoFixtures.photo(width: 640, height: 480, format: .png), token: alice)

            #expect(uploaded.status == .ok)
            let profile = try jsonObject(uploaded.body)
            #expect(profile["username"] as? String == "alice")
            let avatar = try #require(profile["avatar"] as? [String: Any])
            #expect((avatar["color"] as? String)?.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil)
            #expect((avatar["blur_hash"] as? String)?.isEmpty == false)
            let urls = try #require(avatar["urls"] as? [String: String])
            for name in ["thumb", "small"] {
                let url = try #require(urls[name].flatMap(URL.init(string:)))
                let image = try await client.execute(uri: url.path, method: .get)
                #expect(image.status == .ok && image.headers[.contentType] == "image/jpeg", "\(name)")
            }
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: bob).body)["avatar"] as? NSDictionary == avatar as NSDictionary)
            #expect(try author(ofFirstItemIn: try await client.send(.get, "feed", token: nil))["avatar"] as? NSDictionary == avatar as NSDictionary)
            let comments = try jsonObject(try await client.send(.get, "image/\(itemID.uuidString)/comments", token: nil).body)
            let comment = try #require((comments["items"] as? [[String: Any]])?.first)
            #expect((comment["author"] as? [String: Any])?["avatar"] as? NSDictionary == avatar as NSDictionary)
            let followers = try jsonObject(try await client.send(.get, "accounts/bob/followers", token: nil).body)
            #expect(((followers["items"] as? [[String: Any]])?.first?["avatar"]) as? NSDictionary == avatar as NSDictionary)
            #expect(try jsonObject(try await client.send(.get, "me", token: alice).body)["avatar"] as? NSDictionary == avatar as NSDictionary)
            #expect(try jsonObject(try await client.send(.get, "me", token: bob).body)["avatar"] is NSNull)

            #expect(try await client.send(.delete, "me/avatar", token: alice).status == .noContent)
            #expect(try await client.send(.delete, "me/avatar", token: alice).status == .noContent, "removing twice changes nothing")
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: nil).body)["avatar"] is NSNull)
            #expect(try author(ofFirstItemIn: try await client.send(.get, "feed", token: nil))["avatar"] is NSNull)
        }
    }

    @Test func anAvatar_needsAToken_andAPhoto_asAPostedPhotoDoes() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let alice = try await client.token(of: "alice", password: Self.password)
            let photo = try PhotoFixtures.photo(width: 64, height: 64)
            #expect(try await uploadAvatar(client, file: photo, token: nil).status == .unauthorized)
            #expect(try await client.send(.delete, "me/avatar", token: nil).status == .unauthorized)
            try expectProblem(
                try await uploadAvatar(client, file: Data("<svg/>".utf8), token: alice), status: .unsupportedMediaType,
                type: "/essential-feed/problems/unsupported-photo-type")
            try expectProblem(try await uploadAvatar(client, file: nil, token: alice), status: .badRequest, type: "/essential-feed/problems/invalid-upload")
            try expectProblem(
                try await uploadAvatar(client, file: PhotoFixtures.pngClaiming(width: 30_000, height: 30_000), token: alice),
                status: .contentTooLarge)
            #expect(try jsonObject(try await client.send(.get, "accounts/alice", token: nil).body)["avatar"] is NSNull, "nothing refused is kept")
        }
    }

    // MARK: - Helpers

    /// The API on a new database with alice and bob, and one post by alice.
    private func makeSUT() async throws -> (some ApplicationProtocol, UUID) {
        let database = try await makeDatabase()
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        for name in ["alice", "bob"] {
            let username = try #require(Username(name))
            _ = try await database.accounts.createAccount(
                username: username, name: name.capitalized, passwordHash: passwordHash, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }
        var item = makeItem(1)
        item.authorUsername = "alice"
        try await database.feed.append([item])
        let app = Application(
            responder: try buildResponder(
                repository: database.feed, accounts: database.accounts, social: database.social, publicURL: testPublicURL, hasher: hasher))
        return (app, item.id)
    }

    private func author(ofFirstItemIn response: TestResponse) throws -> [String: Any] {
        let item = try #require((try jsonObject(response.body)["items"] as? [[String: Any]])?.first)
        return try #require(item["author"] as? [String: Any])
    }

    private func uploadAvatar(_ client: some TestClientProtocol, file: Data?, token: String?) async throws -> TestResponse {
        let boundary = "avatar-\(UUID().uuidString)"
        var body = Data()
        if let file {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            body += file + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        headers[.authorization] = token.map { "Bearer \($0)" }
        return try await client.execute(uri: "\(Self.base)/me/avatar", method: .put, headers: headers, body: ByteBuffer(bytes: body))
    }
}
