import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Sessions: log in, log out, who is logged in, throttling")
struct SessionsRouteTests {
    private static let password = "correct horse battery"

    @Test func logIn_withTheRightPassword_gives201WithAnOpaqueTokenValidFor30DaysAndTheUser() async throws {
        let clock = TestClock()
        let (app, accounts) = try await makeSUT(clock: clock)

        try await app.test(.router) { client in
            let response = try await logIn(client, username: "Alice", password: Self.password)

            #expect(response.status == .created)
            #expect(response.headers[.cacheControl] == "no-store")
            let json = try jsonObject(response.body)
            let token = try #require(json["token"] as? String)
            #expect(token.count >= 43, "at least 256 bits")
            #expect(json["expires_at"] as? String == APIDateFormat.string(from: clock.now.addingTimeInterval(30 * 86_400)))
            let user = try #require(json["user"] as? [String: Any])
            #expect(user["username"] as? String == "alice")
            #expect(user["name"] as? String == "Alice Liddell")
            #expect(try await accounts.account(forTokenHash: Data(token.utf8), now: clock.now) == nil, "only the hash is kept")
        }
    }

    @Test func wrongPasswordAndUnknownUsername_getTheSameProblem() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let wrong = try await logIn(client, username: "alice", password: "not the password")
            let unknown = try await logIn(client, username: "nobody", password: Self.password)
            let malformed = try await logIn(client, username: "no such name!", password: Self.password)

            for response in [wrong, unknown, malformed] {
                #expect(response.status == .unauthorized)
                #expect(try jsonObject(response.body)["type"] as? String == "/essential-feed/problems/invalid-credentials")
            }
            #expect(wrong.body == unknown.body && unknown.body == malformed.body)
        }
    }

    @Test func fiveFailuresIn15Minutes_throttleEvenTheRightPassword_untilTheWindowPasses() async throws {
        let clock = TestClock()
        let (app, _) = try await makeSUT(clock: clock)

        try await app.test(.router) { client in
            for _ in 0..<5 {
                _ = try await logIn(client, username: "alice", password: "not the password")
                clock.advance(by: 60)
            }

            let throttled = try await logIn(client, username: "ALICE", password: Self.password)
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == String(15 * 60 - 5 * 60))
            #expect(try jsonObject(throttled.body)["type"] as? String == "/essential-feed/problems/too-many-log-ins")

            clock.advance(by: 10 * 60)
            #expect(try await logIn(client, username: "alice", password: Self.password).status == .created)
        }
    }

    @Test func simultaneousGuesses_atMostTheLimitAreChecked_theRestGet429_evenTheRightPassword() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.live) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for guess in 0..<40 {
                    group.addTask {
                        let password = guess == 39 ? Self.password : "wrong guess \(guess)"
                        let body = try JSONSerialization.data(withJSONObject: ["username": "alice", "password": password])
                        return try await client.executeOnItsOwnConnection(
                            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let checked = statuses.filter { $0 != .tooManyRequests }
            #expect(checked.count == 5, "checked: \(checked)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 35)
        }
    }

    @Test func guessesFromOneAddress_doNotShutTheOwnerOutFromAnother_behindATrustedProxy() async throws {
        let (app, _) = try await makeSUT(trustedProxies: try TrustedProxies(["127.0.0.1", "::1"]))

        try await app.test(.live) { client in
            for _ in 0..<5 {
                #expect(try await logIn(client, username: "alice", password: "a wrong guess", from: "192.0.2.66").status == .unauthorized)
            }
            let guesser = try await logIn(client, username: "alice", password: Self.password, from: "192.0.2.66")
            #expect(guesser.status == .tooManyRequests)
            #expect(guesser.headers[.retryAfter] == String(15 * 60))

            #expect(try await logIn(client, username: "alice", password: Self.password, from: "198.51.100.7").status == .created)
        }
    }

    @Test func byDefault_theAppOnThisMachinePassesOnEachPersonsAddress_soOnesGuessesNeverShutOutAnother() async throws {
        let (app, _) = try await makeSUT(trustedProxies: FeedAPIConfiguration(port: 0).trustedProxies)

        try await app.test(.live) { client in
            for _ in 0..<6 {
                _ = try await logIn(client, username: "alice", password: "a wrong guess", from: "192.0.2.66")
            }
            #expect(try await logIn(client, username: "alice", password: Self.password, from: "192.0.2.66").status == .tooManyRequests)
            #expect(try await logIn(client, username: "alice", password: Self.password, from: "198.51.100.7").status == .created)
        }
    }

    @Test func forwardedForFromAPeerNotTrusted_isIgnored() async throws {
        let (app, _) = try await makeSUT(trustedProxies: .none)

        try await app.test(.live) { client in
            for guess in 0..<5 {
                _ = try await logIn(client, username: "alice", password: "a wrong guess", from: "192.0.2.\(guess)")
            }
            let next = try await logIn(client, username: "alice", password: Self.password, from: "198.51.100.7")
            #expect(next.status == .tooManyRequests, "every guess came from the same peer, whatever it claimed")
        }
    }

    @Test func aPasswordWithANULOrOverBcryptsInput_neverLogsIn_andCountsAsAFailure() async throws {
        let (app, accounts) = try await makeSUT()

        try await app.test(.router) { client in
            let withNUL = try await logIn(client, username: "alice", password: Self.password + "\u{0}junk")
            #expect(withNUL.status == .unauthorized)
            let overLong = try await logIn(client, username: "alice", password: Self.password + String(repeating: "x", count: 80))
            #expect(overLong.status == .unauthorized)
            #expect(try await accounts.logInAttemptCount() == 2)
        }
    }

    @Test func me_withTheToken_isTheUser_andWithoutAValidToken401WithWWWAuthenticate() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)

            let me = try await client.execute(uri: "/essential-feed/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .ok)
            #expect(try jsonObject(me.body)["username"] as? String == "alice")

            let anonymous = try await client.execute(uri: "/essential-feed/v1/me", method: .get)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.wwwAuthenticate] == "Bearer")

            let forged = try await client.execute(uri: "/essential-feed/v1/me", method: .get, headers: [.authorization: "Bearer forged"])
            #expect(forged.status == .unauthorized)
            #expect(forged.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
        }
    }

    @Test func logOut_revokesTheToken() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)

            let logOut = try await client.execute(uri: "/essential-feed/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(logOut.status == .noContent)

            let me = try await client.execute(uri: "/essential-feed/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .unauthorized)
            let again = try await client.execute(uri: "/essential-feed/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(again.status == .unauthorized)
        }
    }

    @Test func tokens_expireAfter30Days() async throws {
        let clock = TestClock()
        let (app, _) = try await makeSUT(clock: clock)

        try await app.test(.router) { client in
            let token = try await tokenFromLogIn(client)
            clock.advance(by: 30 * 86_400)

            let me = try await client.execute(uri: "/essential-feed/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == .unauthorized)
        }
    }

    @Test func bodiesThatAreTooLargeOrNotCredentials_areRefused() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let large = try await client.execute(
                uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"username\":\"alice\",\"password\":\"" + String(repeating: "a", count: 5_000) + "\"}"))
            #expect(large.status == .contentTooLarge)

            let notJSON = try await client.execute(uri: "/essential-feed/v1/sessions", method: .post, body: ByteBuffer(string: "username=alice"))
            #expect(notJSON.status == .badRequest)

            let largeToNowhere = try await client.execute(
                uri: "/essential-feed/v1/nowhere", method: .post,
                body: ByteBuffer(repeating: 0x61, count: CommentPostingController<FeedAPIContext>.maximumBodySize + 1))
            #expect(largeToNowhere.status == .contentTooLarge, "no address makes the server read a large body")
            #expect(largeToNowhere.headers[.connection] == "close")
        }
    }

    // MARK: - Helpers

    private func makeSUT(
        clock: TestClock = TestClock(), trustedProxies: TrustedProxies = .none
    ) async throws -> (some ApplicationProtocol, SQLiteAccountStore) {
        let repository = try await makeRepository()
        let accounts = repository.accounts
        let hasher = PasswordHasher(cost: 4)
        _ = try await accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice Liddell",
            passwordHash: try await hasher.hash(Self.password), createdAt: clock.now)
        let app = Application(
            responder: try buildResponder(
                repository: repository, accounts: accounts, publicURL: testPublicURL, hasher: hasher, trustedProxies: trustedProxies,
                now: { clock.now }))
        return (app, accounts)
    }

    private func logIn(
        _ client: some TestClientProtocol, username: String, password: String, from forwardedFor: String? = nil
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[.xForwardedFor] = forwardedFor
        return try await client.execute(uri: "/essential-feed/v1/sessions", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    private func tokenFromLogIn(_ client: some TestClientProtocol) async throws -> String {
        let response = try await logIn(client, username: "alice", password: Self.password)
        return try #require(try jsonObject(response.body)["token"] as? String)
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
