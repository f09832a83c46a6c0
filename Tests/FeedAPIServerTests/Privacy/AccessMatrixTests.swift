import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIServer
@testable import FeedAPIStorage

/// Every action on a followers-only post and a public one, tried as each kind of person, on
/// each database: the API decides every permission, whichever client asks.
@Suite("Who may do what: every action as every kind of person")
struct AccessMatrixTests {
    private static let password = "correct horse battery"

    private enum Actor: String, CaseIterable {
        case owner, follower, stranger, blocked, suspended, moderator, nobody
    }

    private struct Case {
        let method: HTTPRequest.Method
        let path: String
        var json: [String: Any]? = nil
        let expected: [Actor: HTTPResponse.Status]
    }

    @Test(arguments: StorageKind.all)
    func everyActionOnAFollowersOnlyPostAndAPublicOne_isDecidedByTheAPI(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let (app, posts) = try await makeSUT(stores)
        try await app.test(.router) { client in
            var tokens: [Actor: String] = [:]
            for actor in Actor.allCases where actor != .nobody {
                tokens[actor] = try await client.token(of: actor.rawValue, password: Self.password)
            }
            _ = try await client.send(.put, "accounts/owner/follow", token: tokens[.follower])
            _ = try await client.send(.put, "accounts/owner/follow", token: tokens[.suspended])
            _ = try await client.send(.put, "accounts/blocked/block", token: tokens[.owner])
            try await stores.moderation.suspend(try #require(Username("suspended")), reason: "Spam", by: "moderator", at: Date())

            let hidden = posts.followersOnly.uuidString
            let shown = posts.public.uuidString
            let reads: [Actor: HTTPResponse.Status] = [
                .owner: .ok, .follower: .ok, .stranger: .notFound, .blocked: .notFound, .suspended: .unauthorized, .moderator: .notFound,
                .nobody: .notFound
            ]
            let writes: [Actor: HTTPResponse.Status] = [
                .stranger: .notFound, .blocked: .notFound, .suspended: .unauthorized, .moderator: .notFound, .nobody: .unauthorized
            ]
            let cases = [
                Case(method: .get, path: "image/\(hidden)", expected: reads),
                Case(method: .get, path: "image/\(hidden)/comments", expected: reads),
                Case(method: .get, path: "image/\(hidden)/likes", expected: reads),
                Case(method: .put, path: "image/\(hidden)/like", expected: writes.merging([.owner: .ok, .follower: .ok]) { $1 }),
                Case(
                    method: .post, path: "image/\(hidden)/comments", json: ["message": "Hello"],
                    expected: writes.merging([.owner: .created, .follower: .created]) { $1 }),
                Case(
                    method: .post, path: "reports", json: ["image_id": hidden, "reason": "spam"],
                    expected: writes.merging([.follower: .created]) { $1 }),
                Case(
                    method: .patch, path: "image/\(hidden)", json: ["description": "Mine now"],
                    expected: writes.merging([.owner: .ok, .follower: .forbidden]) { $1 }),
                Case(
                    method: .delete, path: "image/\(hidden)",
                    expected: [.follower: .forbidden, .stranger: .notFound, .blocked: .notFound, .suspended: .unauthorized, .nobody: .unauthorized]),
                Case(
                    method: .put, path: "image/\(shown)/like",
                    expected: [
                        .owner: .ok, .follower: .ok, .stranger: .ok, .blocked: .forbidden, .suspended: .unauthorized, .moderator: .ok,
                        .nobody: .unauthorized
                    ]),
                Case(
                    method: .get, path: "image/\(shown)/comments",
                    expected: [.owner: .ok, .stranger: .ok, .blocked: .notFound, .suspended: .unauthorized, .moderator: .ok, .nobody: .ok]),
                Case(
                    method: .get, path: "accounts/owner",
                    expected: [
                        .owner: .ok, .follower: .ok, .stranger: .ok, .blocked: .notFound, .suspended: .unauthorized, .moderator: .ok, .nobody: .ok
                    ]),
                Case(
                    method: .delete, path: "image/\(shown)",
                    expected: [
                        .follower: .forbidden, .stranger: .forbidden, .blocked: .forbidden, .suspended: .unauthorized, .nobody: .unauthorized,
                        .moderator: .noContent
                    ])
            ]
            for action in cases {
                for actor in Actor.allCases {
                    guard let expected = action.expected[actor] else { continue }
                    let answer = try await client.send(action.method, action.path, token: tokens[actor], json: action.json)
                    #expect(answer.status == expected, "\(action.method) \(action.path) as \(actor.rawValue): \(String(buffer: answer.body))")
                }
            }

            for (actor, sees) in [(Actor.owner, true), (.follower, true), (.stranger, false), (.moderator, false), (.nobody, false)] {
                let listed = try ids(try await client.send(.get, "accounts/owner/feed", token: tokens[actor]).body).contains(hidden)
                #expect(listed == sees, "the owner's posts as \(actor.rawValue)")
                #expect(try ids(try await client.send(.get, "feed", token: tokens[actor]).body).contains(hidden) == false)
            }
            let follows: [Actor: HTTPResponse.Status] = [
                .owner: .badRequest, .blocked: .notFound, .suspended: .unauthorized, .nobody: .unauthorized, .stranger: .ok, .moderator: .ok
            ]
            for (actor, expected) in follows {
                #expect(try await client.send(.put, "accounts/owner/follow", token: tokens[actor]).status == expected, "following as \(actor.rawValue)")
            }
            #expect(try await client.send(.get, "image/\(hidden)", token: tokens[.stranger]).status == .ok, "once a follower")
            #expect(try await client.send(.delete, "image/\(hidden)", token: tokens[.owner]).status == .noContent, "its owner removes it")
        }
    }

    private func makeSUT(_ stores: TestStores) async throws -> (some ApplicationProtocol, (followersOnly: UUID, public: UUID)) {
        let hasher = PasswordHasher(cost: 4)
        let passwordHash = try await hasher.hash(Self.password)
        for actor in Actor.allCases where actor != .nobody {
            _ = try await stores.accounts.createAccount(
                username: try #require(Username(actor.rawValue)), name: actor.rawValue.capitalized, passwordHash: passwordHash,
                createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }
        _ = try await stores.moderation.setRole(.moderator, forAccountNamed: try #require(Username("moderator")))
        var followersOnly = makeItem(1)
        followersOnly.authorUsername = "owner"
        followersOnly.visibility = .followers
        var shown = makeItem(2)
        shown.authorUsername = "owner"
        try await stores.feed.append([followersOnly, shown])
        var options = APIRouteOptions(hasher: hasher)
        options.now = { Date() }
        let app = Application(
            router: try buildRouter(
                repository: stores.feed, accounts: stores.accounts, social: stores.social, moderation: stores.moderation, publicURL: testPublicURL,
                options: options))
        return (app, (followersOnly.id, shown.id))
    }
}
