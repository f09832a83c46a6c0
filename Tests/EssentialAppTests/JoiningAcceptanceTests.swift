import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

@testable import EssentialApp

/// Joining by invitation, a reset link, and running one's account, through the app against
/// the real API in process.
@Suite struct JoiningAcceptanceTests {
    private static let password = "a long unusual phrase"

    // MARK: - Joining

    @Test func anInvitationLink_showsTheForm_andJoiningLandsInTheEmptyTimeline_loggedIn_asTheBrowserDescribedItself() async throws {
        let api = try await InProcessFeedAPI.make()
        let code = try await api.invitationCode()
        try await makeApp(api).test(.router) { client in
            let form = try await joinForm(client, code: code)
            #expect(form.html.contains("minlength=\"10\"") && form.html.contains("/assets/join."))

            let joined = try await client.post(
                "/join/\(code)", form: ["username": "Rita_S", "display_name": "Rita S", "password": Self.password, "csrf_token": form.token],
                headers: [.cookie: form.cookie, .userAgent: "Firefox/140"])

            #expect(joined.status == .seeOther)
            #expect(joined.headers[.location] == "/following", "the empty timeline that says whom to follow")
            let session = try #require(joined.headers[values: .setCookie].first { $0.hasPrefix("ef_session=") }?.split(separator: ";").first)
            let feed = try await client.execute(uri: "/following", method: .get, headers: [.cookie: String(session)])
            #expect(feed.status == .ok)
            #expect(String(buffer: feed.body).contains("Rita S"))
        }
        let registration = try #require(api.requests.first { $0.path == "/essential-feed/v1/accounts" })
        #expect(registration.userAgent == "Firefox/140")
        #expect(registration.forwardedFor != nil)
    }

    @Test func aLinkThatLetsNobodyIn_saysWhy_withoutAForm() async throws {
        let api = try await InProcessFeedAPI.make()
        let code = try await api.invitationCode(uses: 1)
        try await makeApp(api).test(.router) { client in
            let form = try await joinForm(client, code: code)
            _ = try await client.post(
                "/join/\(code)", form: ["username": "rita", "password": Self.password, "csrf_token": form.token], cookie: form.cookie)

            let usedUp = try await client.execute(uri: "/join/\(code)", method: .get)
            #expect(usedUp.status == .forbidden)
            #expect(String(buffer: usedUp.body).contains(AccountSettingsStrings.invitationUsedUp.localized(in: english)))
            #expect(!String(buffer: usedUp.body).contains("<form class=\"log-in-form join-form\""))

            let unknown = try await client.execute(uri: "/join/not-a-code", method: .get)
            #expect(unknown.status == .forbidden)
            let withoutCode = try await client.execute(uri: "/join", method: .get)
            #expect(String(buffer: withoutCode.body).contains(AccountSettingsStrings.invitationRequired.localized(in: english)))
            #expect(try await client.execute(uri: "/join/a%2Fb", method: .get).status == .notFound)
        }
    }

    @Test func theRules_areCheckedBeforeTheAPIIsAsked_andTheAPIsRefusalsAreSaid() async throws {
        let api = try await InProcessFeedAPI.make()
        let code = try await api.invitationCode(uses: 5)
        try await makeApp(api).test(.router) { client in
            let form = try await joinForm(client, code: code)
            for (username, password, message, status) in [
                ("admin", Self.password, AccountSettingsStrings.usernameReserved, HTTPResponse.Status.badRequest),
                ("ri.ta", Self.password, .usernameCharacters, .badRequest),
                ("rita", "short", .passwordTooShort, .badRequest),
                ("rita", "password123", .passwordCommon, .badRequest),
                (InProcessFeedAPI.otherUsername.replacingOccurrences(of: ".", with: "_"), Self.password, .passwordCommon, .created)
            ].dropLast() {
                let refused = try await client.post(
                    "/join/\(code)", form: ["username": username, "password": password, "csrf_token": form.token], cookie: form.cookie)
                #expect(refused.status == status)
                #expect(String(buffer: refused.body).contains(message.localized(in: english)), "\(username)")
                #expect(String(buffer: refused.body).contains("value=\"\(username)\""), "what was typed is kept")
                #expect(!String(buffer: refused.body).contains("value=\"\(password)\""), "never the password")
            }
            #expect(api.requests.filter { $0.path == "/essential-feed/v1/accounts" }.count == 1, "only the common password needed the API")

            let withoutToken = try await client.post("/join/\(code)", form: ["username": "rita", "password": Self.password], cookie: form.cookie)
            #expect(withoutToken.status == .forbidden)
        }
    }

    @Test func theJoinScreen_speaksTheReadersLanguage() async throws {
        let api = try await InProcessFeedAPI.make()
        let code = try await api.invitationCode()
        try await makeApp(api).test(.router) { client in
            let greek = try await client.execute(uri: "/join/\(code)", method: .get, headers: [.acceptLanguage: "el"])
            #expect(String(buffer: greek.body).contains(AccountSettingsStrings.joinIntro.localized(in: Locale(identifier: "el"))))
        }
    }

    // MARK: - A reset link

    @Test func aResetLink_setsThePassword_andLogInSaysSo() async throws {
        let api = try await InProcessFeedAPI.make()
        let code = try await api.passwordResetCode()
        try await makeApp(api).test(.router) { client in
            let screen = try await client.execute(uri: "/reset-password/\(code)", method: .get)
            let token = try formToken(in: String(buffer: screen.body))
            let cookie = try #require(screen.headers[values: .setCookie].first { $0.hasPrefix("ef_log_in=") }?.split(separator: ";").first.map(String.init))

            let weak = try await client.post("/reset-password/\(code)", form: ["new_password": "short", "csrf_token": token], cookie: cookie)
            #expect(weak.status == .badRequest)
            let set = try await client.post("/reset-password/\(code)", form: ["new_password": Self.password, "csrf_token": token], cookie: cookie)
            #expect(set.headers[.location] == "/login?password=set")
            let logIn = try await client.execute(uri: "/login?password=set", method: .get)
            #expect(String(buffer: logIn.body).contains(AccountSettingsStrings.resetDone.localized(in: english)))

            let again = try await client.post("/reset-password/\(code)", form: ["new_password": Self.password, "csrf_token": token], cookie: cookie)
            #expect(again.status == .forbidden)
            #expect(String(buffer: again.body).contains(AccountSettingsStrings.resetInvalid.localized(in: english)))
        }
    }

    // MARK: - One's account

    @Test func aNewPassword_isRefusedWithTheWrongCurrentOne_andEndsTheOtherSessions() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api).test(.router) { client in
            let cookie = try await client.logIn()
            let other = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/settings/account", cookie: cookie)

            let wrong = try await client.post(
                "/settings/account/password", form: ["current_password": "not the password", "new_password": Self.password, "csrf_token": token],
                cookie: cookie)
            #expect(wrong.status == .forbidden)
            #expect(String(buffer: wrong.body).contains(AccountSettingsStrings.wrongPassword.localized(in: english)))

            let changed = try await client.post(
                "/settings/account/password",
                form: ["current_password": InProcessFeedAPI.password, "new_password": Self.password, "csrf_token": token], cookie: cookie)
            #expect(changed.headers[.location] == "/settings/account?done=password")
            let screen = try await client.execute(uri: "/settings/account?done=password", method: .get, headers: [.cookie: cookie])
            #expect(String(buffer: screen.body).contains(AccountSettingsStrings.passwordChanged.localized(in: english)))
            let otherScreen = try await client.execute(uri: "/settings/account", method: .get, headers: [.cookie: other])
            #expect(otherScreen.status == .seeOther, "the other session ended")
        }
    }

    @Test func sessions_areListed_andOneEndsFromAnother() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api).test(.router) { client in
            let cookie = try await client.logIn()
            let other = try await client.logIn()
            let html = String(buffer: try await client.execute(uri: "/settings/account", method: .get, headers: [.cookie: cookie]).body)
            #expect(html.components(separatedBy: "class=\"session\"").count == 3)
            #expect(html.contains(AccountSettingsStrings.thisDevice.localized(in: english)))
            let endPath = try #require(html.range(of: #"/settings/account/sessions/[0-9a-f]{32}/end"#, options: .regularExpression).map { String(html[$0]) })

            let ended = try await client.post(endPath, form: ["csrf_token": try formToken(in: html)], cookie: cookie)
            #expect(ended.headers[.location] == "/settings/account?done=session-ended")
            #expect(try await client.execute(uri: "/settings/account", method: .get, headers: [.cookie: other]).status == .seeOther)
            #expect(try await client.execute(uri: "/settings/account", method: .get, headers: [.cookie: cookie]).status == .ok)
        }
    }

    @Test func twoFactors_setUpWithAQRCode_thenLogInAsksForTheCode() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/settings/account", cookie: cookie)
            let setup = String(buffer: try await client.post("/settings/account/totp", form: ["csrf_token": token], cookie: cookie).body)
            #expect(setup.contains("<svg class=\"qr-code\""))
            let secret = try hiddenValue("secret", in: setup)
            let uri = try hiddenValue("uri", in: setup).replacingOccurrences(of: "&amp;", with: "&")

            let wrong = try await client.post(
                "/settings/account/totp/confirm", form: ["code": "000000", "secret": secret, "uri": uri, "csrf_token": token], cookie: cookie)
            #expect(wrong.status == .badRequest)
            #expect(try hiddenValue("secret", in: String(buffer: wrong.body)) == secret, "the same secret, still pending")

            let confirmed = try await client.post(
                "/settings/account/totp/confirm", form: ["code": try await api.twoFactorCode(), "secret": secret, "uri": uri, "csrf_token": token],
                cookie: cookie)
            let codes = String(buffer: confirmed.body).matches(of: /<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code>/).map { String($0.1) }
            #expect(codes.count == 10)

            let form = try await client.logInForm()
            let asked = try await client.post(
                "/login", form: ["username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token],
                cookie: form.cookie)
            #expect(asked.status == .unauthorized)
            #expect(String(buffer: asked.body).contains("id=\"code\""))
            let withRecovery = try await client.post(
                "/login",
                form: ["username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "code": codes[0], "csrf_token": form.token],
                cookie: form.cookie)
            #expect(withRecovery.status == .seeOther)
        }
    }

    @Test func aMembersInvitation_isShownOnce_andLetsSomeoneJoin() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api, publicURL: URL(string: "http://photos.example.org")).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/settings/account", cookie: cookie)
            let created = try await client.post("/settings/account/invitations", form: ["uses": "2", "days": "3", "csrf_token": token], cookie: cookie)
            #expect(created.status == .created)
            #expect(created.headers[.cacheControl] == "no-store")
            let link = try #require(String(buffer: created.body).firstMatch(of: /value="(http:\/\/photos\.example\.org\/join\/[A-Za-z0-9_-]+)"/)?.1)
            let code = String(link.split(separator: "/").last ?? "")
            #expect(try await client.execute(uri: "/join/\(code)", method: .get).status == .ok)
        }
    }

    // MARK: - Helpers

    private let english = Locale(identifier: "en")

    private func joinForm(_ client: some TestClientProtocol, code: String) async throws -> (token: String, cookie: String, html: String) {
        let response = try await client.execute(uri: "/join/\(code)", method: .get)
        let html = String(buffer: response.body)
        let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("ef_log_in=") }?.split(separator: ";").first.map(String.init))
        return (try formToken(in: html), cookie, html)
    }

    private func hiddenValue(_ name: String, in html: String) throws -> String {
        let marker = "name=\"\(name)\" value=\""
        let start = try #require(html.range(of: marker)).upperBound
        let end = try #require(html[start...].firstIndex(of: "\""))
        return String(html[start..<end])
    }

    private func makeApp(_ api: InProcessFeedAPI, publicURL: URL? = nil) async -> some ApplicationProtocol {
        await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL, publicURL: publicURL, trustedProxies: .none, sessionCheckTimeout: .seconds(60)),
            httpClient: api, store: InMemoryFeedStore(), sessionStore: InMemorySessionStore(), currentDate: { Date() })
    }
}
