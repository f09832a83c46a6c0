import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIServer
@testable import FeedAPIStorage

/// Every refusal of joining and of running one's account, through the API, on each database.
@Suite("Joining and one's own account: the API")
struct JoiningRouteTests {
    private static let password = "a long unusual phrase"
    private static let newPassword = "another long phrase"

    // MARK: - Joining

    @Test(arguments: StorageKind.all)
    func byInvitation_aCodeLetsInAsManyAsItAllows_untilItExpires(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .invite)
        let code = try await api.administration.createInvitation(uses: 2, expiresAfter: 3_600)

        try await api.app.test(.router) { client in
            try expectProblem(await api.register(client, "rita", invite: nil), .forbidden, "invitation-required")
            try expectProblem(await api.register(client, "rita", invite: "not-a-code"), .forbidden, "invitation-unknown")
            #expect(try jsonObject(try await client.execute(uri: api.path("invitations/\(code)"), method: .get).body)["uses_left"] as? Int == 2)

            let joined = try await api.register(client, "Rita", invite: code, displayName: "Rita S")
            #expect(joined.status == .created)
            let token = try #require(try jsonObject(joined.body)["token"] as? String)
            let me = try jsonObject(try await api.get(client, "me", token: token).body)
            #expect(me["username"] as? String == "rita" && me["display_name"] as? String == "Rita S")

            try expectProblem(await api.register(client, "RITA", invite: code), .conflict, "username-taken")
            api.clock.advance(by: 3_600)
            try expectProblem(await api.register(client, "sam", invite: code), .forbidden, "invitation-expired")
            try expectProblem(await client.execute(uri: api.path("invitations/\(code)"), method: .get), .forbidden, "invitation-expired")
        }
    }

    @Test(arguments: StorageKind.all)
    func aUsedUpInvitation_isRefused_andATakenNameDidNotUseIt(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .invite)
        let code = try await api.administration.createInvitation(uses: 1, expiresAfter: nil)
        try await api.app.test(.router) { client in
            _ = try await api.register(client, "rita", invite: code)
            try expectProblem(await api.register(client, "sam", invite: code), .forbidden, "invitation-used-up")
        }
    }

    @Test(arguments: StorageKind.all)
    func closedRegistration_refusesEveryone_evenWithAnInvitation(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .closed)
        let code = try await api.administration.createInvitation(uses: 5, expiresAfter: nil)
        try await api.app.test(.router) { client in
            try expectProblem(await api.register(client, "rita", invite: code), .forbidden, "registration-closed")
            try expectProblem(await api.register(client, "rita", invite: nil), .forbidden, "registration-closed")
            #expect(try jsonObject(try await client.execute(uri: api.path("registration"), method: .get).body)["mode"] as? String == "closed")
        }
    }

    @Test(arguments: StorageKind.all)
    func openRegistration_takesFiveAccountsAnHourPerAddress_refusedAttemptsNotCounted(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open)
        try await api.app.test(.router) { client in
            _ = try await api.register(client, "rita", invite: nil)
            try expectProblem(await api.register(client, "rita", invite: nil), .conflict, "username-taken")
            try expectProblem(await api.register(client, "admin", invite: nil), .badRequest, "reserved-username")
            for name in ["sam", "tom", "uma", "vic"] {
                #expect(try await api.register(client, name, invite: nil).status == .created)
            }
            let refused = try await api.register(client, "wes", invite: nil)
            try expectProblem(refused, .tooManyRequests, "too-many-registrations")
            #expect(refused.headers[.retryAfter] == "3600")
            api.clock.advance(by: 3_600)
            #expect(try await api.register(client, "wes", invite: nil).status == .created)
        }
    }

    @Test(arguments: [
        ("ab", "invalid-username"), ("rita.s", "invalid-username"), (String(repeating: "x", count: 31), "invalid-username"),
        ("settings", "reserved-username"), ("Login", "reserved-username")
    ])
    func aUsernameOutsideTheRules_isRefusedSayingWhy(username: String, problem: String) async throws {
        let api = try await JoiningAPI(.sqlite, mode: .open)
        try await api.app.test(.router) { client in
            try expectProblem(await api.register(client, username, invite: nil), .badRequest, problem)
        }
    }

    @Test(arguments: ["short", "password123", "Password123", "qwertyuiop", "1111111111", "0123456789", "Essential-Feed", "R.I.T.A.-.rita."])
    func aWeakPassword_isRefused(password: String) async throws {
        let api = try await JoiningAPI(.sqlite, mode: .open)
        try await api.app.test(.router) { client in
            try expectProblem(await api.register(client, "ritarita", invite: nil, password: password), .badRequest, "weak-password")
            #expect(try await api.stores.accounts.accounts().isEmpty)
        }
    }

    @Test(arguments: StorageKind.all)
    func inOpenRegistration_anInvitationDoesNotGetPastTheAddressesLimit(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open, memberInvites: true)
        let code = try await api.administration.createInvitation(uses: 100, expiresAfter: nil)
        try await api.app.test(.router) { client in
            for name in ["rita", "sam", "tom", "uma", "vic"] {
                #expect(try await api.register(client, name, invite: code).status == .created)
            }
            try expectProblem(await api.register(client, "wes", invite: code), .tooManyRequests, "too-many-registrations")
        }
    }

    @Test(arguments: StorageKind.all)
    func aMembersInvitation_stopsWorkingWhenMembersMayNoLongerInvite(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let inviting = try await JoiningAPI(stores: stores, mode: .invite, memberInvites: true)
        let first = try await inviting.administration.createInvitation(uses: 1, expiresAfter: nil)
        let memberCode = try await inviting.app.test(.router) { client -> String in
            let rita = try #require(try jsonObject(try await inviting.register(client, "rita", invite: first).body)["token"] as? String)
            return try #require(try jsonObject(try await inviting.post(client, "me/invitations", token: rita, body: ["uses": 5]).body)["code"] as? String)
        }

        let notInviting = try await JoiningAPI(stores: stores, mode: .invite, memberInvites: false)
        let operatorCode = try await notInviting.administration.createInvitation(uses: 1, expiresAfter: nil)
        try await notInviting.app.test(.router) { client in
            try expectProblem(await client.execute(uri: notInviting.path("invitations/\(memberCode)"), method: .get), .forbidden, "invitation-unknown")
            try expectProblem(await notInviting.register(client, "sam", invite: memberCode), .forbidden, "invitation-unknown")
            #expect(try await notInviting.register(client, "sam", invite: operatorCode).status == .created, "the operator's still work")
        }
    }

    @Test(arguments: StorageKind.all)
    func simultaneousInvitations_ofOneMember_stayWithinWhatAMemberMayHold(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open, memberInvites: true)
        try await api.app.test(.live) { client in
            let token = try await api.joined(client, "rita")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<60 {
                    group.addTask { try await api.postOnItsOwnConnection(client, "me/invitations", token: token, body: [:]).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 50)
            #expect(statuses.filter { $0 == .conflict }.count == 10)
        }
    }

    // MARK: - Password and sessions

    @Test(arguments: StorageKind.all)
    func aNewPassword_endsEveryOtherSession_andAWrongCurrentOneCountsAsAFailedLogIn(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open)
        try await api.app.test(.router) { client in
            let current = try await api.joined(client, "rita")
            let other = try await api.logIn(client, "rita")

            try expectProblem(await api.changePassword(client, token: current, from: "not the password"), .forbidden, "wrong-password")
            try expectProblem(await api.changePassword(client, token: current, to: "password123"), .badRequest, "weak-password")
            #expect(try await api.changePassword(client, token: current).status == .noContent)

            #expect(try await api.get(client, "me", token: other).status == .unauthorized, "the other session ended")
            #expect(try await api.get(client, "me", token: current).status == .ok, "this one goes on")
            #expect(try await api.logIn(client, "rita", password: Self.newPassword).count > 40)
        }
    }

    @Test func wrongCurrentPasswords_areThrottledAsLogIns() async throws {
        let api = try await JoiningAPI(.sqlite, mode: .open)
        try await api.app.test(.router) { client in
            let token = try await api.joined(client, "rita")
            for _ in 0..<4 { _ = try await api.changePassword(client, token: token, from: "not the password") }
            try expectProblem(await api.changePassword(client, token: token, from: "not the password"), .forbidden, "wrong-password")
            try expectProblem(await api.changePassword(client, token: token), .tooManyRequests, "too-many-log-ins")
        }
    }

    @Test(arguments: StorageKind.all)
    func sessions_areListedWithTheirClient_andEndedOneByOneOrEverywhere(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open)
        try await api.app.test(.router) { client in
            let first = try await api.joined(client, "rita")
            api.clock.advance(by: 5)
            let second = try await api.logIn(client, "rita", userAgent: "Phone " + String(repeating: "x", count: 300))
            _ = try await api.joined(client, "sam")

            let listed = try #require(try jsonObject(try await api.get(client, "me/sessions", token: first).body)["items"] as? [[String: Any]])
            #expect(listed.map { $0["client"] as? String } == ["Phone " + String(repeating: "x", count: 194), "Tests"], "cut to 200 characters")
            #expect(listed.map { $0["current"] as? Bool } == [false, true])
            let secondID = try #require(listed.first?["id"] as? String)

            try expectProblem(await api.delete(client, "me/sessions/\(String(repeating: "0", count: 32))", token: first), .notFound, "unknown-session")
            try expectProblem(await api.delete(client, "me/sessions/not-an-id", token: first), .notFound, "unknown-session")
            #expect(try await api.delete(client, "me/sessions/\(secondID)", token: first).status == .noContent)
            #expect(try await api.get(client, "me", token: second).status == .unauthorized)

            #expect(try await api.delete(client, "me/sessions", token: first).status == .noContent)
            #expect(try await api.get(client, "me", token: first).status == .unauthorized, "log out everywhere ends this one too")
        }
    }

    // MARK: - Two factors

    @Test(arguments: StorageKind.all)
    func twoFactors_oneCodeOnce_recoveryCodesOnce_andOffWithThePassword(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open)
        try await api.app.test(.router) { client in
            let token = try await api.joined(client, "rita")
            let setup = try jsonObject(try await api.post(client, "me/totp", token: token, body: [:]).body)
            #expect((setup["uri"] as? String)?.hasPrefix("otpauth://totp/") == true)
            let rita = try #require(Username("rita"))
            let account = try #require(try await api.stores.accounts.account(named: rita))
            let secret = try #require(try await api.stores.accounts.twoFactorState(accountID: account.id).pendingSecret)
            let totp = TOTP(secret: secret)
            func code(_ offset: Int64 = 0) -> String { totp.code(atStep: TOTP.step(at: api.clock.now) + offset) }

            try expectProblem(await api.post(client, "me/totp/confirm", token: token, body: ["code": "000000"]), .badRequest, "invalid-totp")
            let confirmed = try jsonObject(try await api.post(client, "me/totp/confirm", token: token, body: ["code": code()]).body)
            let recovery = try #require(confirmed["recovery_codes"] as? [String])
            #expect(recovery.count == 10)
            try expectProblem(await api.post(client, "me/totp", token: token, body: [:]), .conflict, "totp-already-on")

            try expectProblem(await api.logInResponse(client, "rita"), .unauthorized, "totp-required")
            try expectProblem(await api.logInResponse(client, "rita", code: "123456"), .unauthorized, "invalid-totp")
            try expectProblem(await api.logInResponse(client, "rita", code: code()), .unauthorized, "invalid-totp", "the code that turned it on")
            for _ in 0..<6 {
                try expectProblem(await api.logInResponse(client, "rita"), .unauthorized, "totp-required", "the code's turn is not a failure")
            }
            api.clock.advance(by: 30)
            let spaced = code().prefix(3) + " " + code().suffix(3)
            #expect(try await api.logInResponse(client, "rita", code: String(spaced)).status == .created, "typed as apps show it")
            try expectProblem(await api.logInResponse(client, "rita", code: code()), .unauthorized, "invalid-totp", "a code is used once")
            #expect(try await api.logInResponse(client, "rita", code: recovery[0]).status == .created)
            try expectProblem(await api.logInResponse(client, "rita", code: recovery[0]), .unauthorized, "invalid-totp", "a recovery code is used once")

            try expectProblem(await api.delete(client, "me/totp", token: token, body: ["password": "not the password"]), .forbidden, "wrong-password")
            #expect(try await api.delete(client, "me/totp", token: token, body: ["password": Self.password]).status == .noContent)
            #expect(try await api.logInResponse(client, "rita").status == .created)
        }
    }

    // MARK: - Reset links and members' invitations

    @Test(arguments: StorageKind.all)
    func aResetLink_setsThePasswordOnce_withinTheHour_endingEverySession(_ kind: StorageKind) async throws {
        let api = try await JoiningAPI(kind, mode: .open)
        try await api.app.test(.router) { client in
            let token = try await api.joined(client, "rita")
            let code = try await api.administration.passwordResetCode(username: "rita")
            let late = try await api.administration.passwordResetCode(username: "rita")
            try expectProblem(await api.post(client, "password-reset", body: ["code": code, "new_password": "password123"]), .badRequest, "weak-password")
            #expect(try await api.post(client, "password-reset", body: ["code": code, "new_password": Self.newPassword]).status == .noContent)
            try expectProblem(
                await api.post(client, "password-reset", body: ["code": code, "new_password": Self.newPassword]), .forbidden, "invalid-reset-link")
            try expectProblem(
                await api.post(client, "password-reset", body: ["code": late, "new_password": Self.newPassword]), .forbidden, "invalid-reset-link")
            #expect(try await api.get(client, "me", token: token).status == .unauthorized)
            #expect(try await api.logIn(client, "rita", password: Self.newPassword).count > 40)

            let expired = try await api.administration.passwordResetCode(username: "rita")
            api.clock.advance(by: 3_600)
            try expectProblem(
                await api.post(client, "password-reset", body: ["code": expired, "new_password": Self.password]), .forbidden, "invalid-reset-link")
        }
    }

    @Test(arguments: StorageKind.all)
    func members_inviteOthers_onlyWhenTheServerLetsThem(_ kind: StorageKind) async throws {
        let closedToMembers = try await JoiningAPI(kind, mode: .open)
        try await closedToMembers.app.test(.router) { client in
            let token = try await closedToMembers.joined(client, "rita")
            try expectProblem(await closedToMembers.post(client, "me/invitations", token: token, body: [:]), .forbidden, "member-invites-off")
        }

        let api = try await JoiningAPI(kind, mode: .invite, memberInvites: true)
        let first = try await api.administration.createInvitation(uses: 1, expiresAfter: nil)
        try await api.app.test(.router) { client in
            let rita = try #require(try jsonObject(try await api.register(client, "rita", invite: first).body)["token"] as? String)
            #expect(try jsonObject(try await api.get(client, "me", token: rita).body)["can_invite"] as? Bool == true)
            try expectProblem(await api.post(client, "me/invitations", token: rita, body: ["uses": 0]), .badRequest, "invalid-invitation")
            let created = try jsonObject(try await api.post(client, "me/invitations", token: rita, body: ["uses": 2, "expires_in_days": 3]).body)
            let code = try #require(created["code"] as? String)
            let id = try #require(created["id"] as? String)
            #expect(try await api.register(client, "sam", invite: code).status == .created)

            let listed = try #require(try jsonObject(try await api.get(client, "me/invitations", token: rita).body)["items"] as? [[String: Any]])
            #expect(listed.count == 1 && listed.first?["used"] as? Int == 1 && listed.first?["usable"] as? Bool == true)
            #expect(try await api.delete(client, "me/invitations/\(id)", token: rita).status == .noContent)
            try expectProblem(await api.register(client, "tom", invite: code), .forbidden, "invitation-unknown")
        }
    }
}

// MARK: - Helpers

/// The API on a new database of `kind`, joining as `mode` says, on a clock the test moves.
private struct JoiningAPI {
    let stores: TestStores
    let clock = TestClock()
    let app: Application<RouterResponder<FeedAPIContext>>
    let administration: AccountAdministration

    init(_ kind: StorageKind, mode: RegistrationMode, memberInvites: Bool = false) async throws {
        try await self.init(stores: try await kind.make(), mode: mode, memberInvites: memberInvites)
    }

    init(stores: TestStores, mode: RegistrationMode, memberInvites: Bool = false) async throws {
        self.stores = stores
        let clock = clock
        let hasher = PasswordHasher(cost: 4)
        let router = try buildRouter(
            repository: stores.feed, accounts: stores.accounts, publicURL: testPublicURL,
            options: APIRouteOptions(
                hasher: hasher, trustedProxies: .none, registration: RegistrationPolicy(mode: mode, memberInvites: memberInvites),
                now: { clock.now }))
        app = Application(responder: router.buildResponder())
        administration = AccountAdministration(store: stores.accounts, hasher: hasher, now: { clock.now })
    }

    func path(_ path: String) -> String { "/essential-feed/v1/" + path }

    func register(
        _ client: some TestClientProtocol, _ username: String, invite: String?, displayName: String? = nil, password: String = "a long unusual phrase"
    ) async throws -> TestResponse {
        var body: [String: Any] = ["username": username, "password": password]
        body["invite"] = invite
        body["display_name"] = displayName
        return try await post(client, "accounts", body: body)
    }

    /// A new account's token.
    func joined(_ client: some TestClientProtocol, _ username: String) async throws -> String {
        let response = try await register(client, username, invite: nil)
        return try #require(try jsonObject(response.body)["token"] as? String)
    }

    func logInResponse(
        _ client: some TestClientProtocol, _ username: String, password: String = "a long unusual phrase", code: String? = nil,
        userAgent: String = "Tests"
    ) async throws -> TestResponse {
        var body: [String: Any] = ["username": username, "password": password]
        body["code"] = code
        return try await post(client, "sessions", body: body, userAgent: userAgent)
    }

    func logIn(
        _ client: some TestClientProtocol, _ username: String, password: String = "a long unusual phrase", userAgent: String = "Tests"
    ) async throws -> String {
        let response = try await logInResponse(client, username, password: password, userAgent: userAgent)
        return try #require(try jsonObject(response.body)["token"] as? String)
    }

    func changePassword(
        _ client: some TestClientProtocol, token: String, from current: String = "a long unusual phrase", to new: String = "another long phrase"
    ) async throws -> TestResponse {
        try await send(client, "me/password", method: .put, token: token, body: ["current_password": current, "new_password": new])
    }

    func get(_ client: some TestClientProtocol, _ path: String, token: String) async throws -> TestResponse {
        try await send(client, path, method: .get, token: token, body: nil)
    }

    func post(_ client: some TestClientProtocol, _ path: String, token: String? = nil, body: [String: Any], userAgent: String = "Tests") async throws -> TestResponse {
        try await send(client, path, method: .post, token: token, body: body, userAgent: userAgent)
    }

    func delete(_ client: some TestClientProtocol, _ path: String, token: String, body: [String: Any]? = nil) async throws -> TestResponse {
        try await send(client, path, method: .delete, token: token, body: body)
    }

    /// A request that races the others sent at once, as simultaneous clients' requests do.
    func postOnItsOwnConnection(_ client: some TestClientProtocol, _ path: String, token: String, body: [String: Any]) async throws -> TestClient.Response {
        let request = try request(path, token: token, body: body, userAgent: "Tests")
        return try await client.executeOnItsOwnConnection(uri: self.path(path), method: .post, headers: request.headers, body: request.body)
    }

    private func send(
        _ client: some TestClientProtocol, _ path: String, method: HTTPRequest.Method, token: String?, body: [String: Any]?, userAgent: String = "Tests"
    ) async throws -> TestResponse {
        let request = try request(path, token: token, body: body, userAgent: userAgent)
        return try await client.execute(uri: self.path(path), method: method, headers: request.headers, body: request.body)
    }

    private func request(_ path: String, token: String?, body: [String: Any]?, userAgent: String) throws -> (headers: HTTPFields, body: ByteBuffer?) {
        var headers: HTTPFields = [.userAgent: userAgent]
        if let token { headers[.authorization] = "Bearer \(token)" }
        var buffer: ByteBuffer?
        if let body {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body))
        }
        return (headers, buffer)
    }
}

private func expectProblem(
    _ response: TestResponse, _ status: HTTPResponse.Status, _ type: String, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, comment, sourceLocation: sourceLocation)
    #expect(try jsonObject(response.body)["type"] as? String == "/essential-feed/problems/" + type, comment, sourceLocation: sourceLocation)
}
