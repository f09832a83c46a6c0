import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPServerSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Synchronization
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logging in and out, sessions and the comment form, through the app's HTTP interface
/// against an API stub that speaks the accounts routes.
@Suite struct AccountsAcceptanceTests {
    // MARK: - Without a session

    @Test(arguments: ["/", "/images/\(UUID().uuidString)/comments", "/?after=\(UUID().uuidString)&shown=10"])
    func screensWithoutSession_sendTheBrowserToLogInAndBackAfterwards(path: String) async throws {
        try await makeApp().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)

            #expect(response.status == .seeOther)
            let location = try #require(response.headers[.location])
            if path == "/" {
                #expect(location == "/login")
            } else {
                let next = URLComponents(string: location)?.queryItems?.first { $0.name == "next" }?.value
                #expect(location.hasPrefix("/login?next="))
                #expect(next == path)
            }
        }
    }

    @Test(arguments: ["/fragments/feed", "/feed-images/\(UUID().uuidString)", "/fragments/images/\(UUID().uuidString)/comments"])
    func fragmentsAndImagesWithoutSession_answer401(path: String) async throws {
        try await makeApp().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)

            #expect(response.status == .unauthorized)
        }
    }

    @Test func logIn_passesOnTheBrowsersAddress_whichTheAPIThrottlesBy() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.live) { client in
            _ = try await client.logIn()
        }
        let logIn = try #require(api.requests.first { $0.path == "/essential-feed/v1/sessions" })
        #expect(logIn.forwardedFor == "127.0.0.1", "the browser's own address, not one it claimed")
    }

    @Test func logIn_behindATrustedProxy_passesOnTheAddressTheProxySaw() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api, trustedProxies: .loopback).test(.live) { client in
            let form = try await client.logInForm()
            var headers = HTTPFields()
            headers[.cookie] = form.cookie
            headers[.xForwardedFor] = "203.0.113.9"
            _ = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], headers: headers)
        }
        #expect(api.requests.first { $0.path == "/essential-feed/v1/sessions" }?.forwardedFor == "203.0.113.9")
    }

    @Test func sessionStatus_says204WhileTheSessionHolds_and401Afterwards() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()
            let open = try await client.execute(uri: "/session", method: .get, headers: [.cookie: cookie])
            #expect(open.status == .noContent)
            #expect(open.headers[.cacheControl] == "no-store")
            #expect(try await client.execute(uri: "/session", method: .get).status == .unauthorized)
        }
    }

    @Test func logIn_whenTheAppHasNoRoomForTheSession_is507_andTheAPITokenIsRevoked() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api, sessions: FullSessionStore()).test(.router) { client in
            let form = try await client.logInForm()
            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], cookie: form.cookie)

            #expect(response.status.code == 507)
            #expect(String(buffer: response.body).contains("storage is full"))
            #expect(!response.headers[values: .setCookie].contains { $0.hasPrefix("ef_session=") && !$0.contains("Max-Age=0") })
        }
        #expect(api.requests.contains { $0.method == "DELETE" && $0.path == "/essential-feed/v1/sessions/current" })
    }

    @Test func commentPostWithoutSession_answers401() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let response = try await client.post("/images/\(api.imageID.uuidString)/comments", form: ["message": "Hi", "csrf_token": "x"])

            #expect(response.status == .unauthorized)
            #expect(!api.requests.contains { $0.method == "POST" })
        }
    }

    @Test func madeUpOrEndedSessionCookie_isRefusedAndRemoved() async throws {
        try await makeApp().test(.router) { client in
            for value in ["not-an-id", SessionSecrets.random().id] {
                let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: "ef_session=\(value)"])

                #expect(response.status == .seeOther)
                #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("ef_session=;") && $0.contains("Max-Age=0") })
            }
        }
    }

    @Test func expiredSession_isRefused() async throws {
        let sessions = InMemorySessionStore()
        let session = SignedInTestSession()
        try await session.add(to: sessions, expiresAt: fixedNow)

        try await makeApp(sessions: sessions).test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: session.cookie])

            #expect(response.status == .seeOther)
        }
    }

    // MARK: - Logging in

    @Test func logInScreen_hasTheFormATokenAndItsNonceCookie() async throws {
        try await makeApp().test(.router) { client in
            let response = try await client.execute(uri: "/login", method: .get, headers: [.acceptLanguage: "pt-BR"])
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(html.contains(#"autocomplete="username""#))
            #expect(html.contains(#"autocomplete="current-password""#))
            #expect(html.contains("<label for=\"password\">Senha</label>"))
            #expect(try formToken(in: html).count >= 43)
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("ef_log_in=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        }
    }

    @Test func logIn_startsASessionWithANewIdAndGoesToTheFeed() async throws {
        let api = try await InProcessFeedAPI.make()
        let broughtSession = SessionSecrets.random().id
        try await makeApp(api: api).test(.router) { client in
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": " \(InProcessFeedAPI.username) ", "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], cookie: form.cookie + "; ef_session=\(broughtSession)")

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("ef_session=") })
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
                #expect(cookie.contains(attribute), "\(attribute) in \(cookie)")
            }
            #expect(!cookie.contains("Secure"))
            let id = try #require(cookieValue(cookie))
            #expect(id != broughtSession && id.count >= 43)
            #expect(api.requests.first { $0.method == "POST" }?.body == ["username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password])

            let feed = try await client.execute(uri: "/", method: .get, headers: [.cookie: "ef_session=\(id)"])
            let html = String(buffer: feed.body)
            #expect(feed.status == .ok)
            #expect(html.contains("Maria Silva"))
            #expect(html.contains(#"action="/logout""#))
        }
    }

    @Test func logIn_goesBackToThePageFirstAskedFor_butNeverElsewhere() async throws {
        let imageID = UUID()
        try await makeApp().test(.router) { client in
            for (next, expected) in [
                ("/images/\(imageID.uuidString)/comments", "/images/\(imageID.uuidString)/comments"), ("//evil.example/", "/"), ("https://evil.example/", "/"), ("/\\evil.example", "/")
            ] {
                let form = try await client.logInForm()
                let response = try await client.post(
                    "/login",
                    form: [
                        "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token, "next": next
                    ], cookie: form.cookie)

                #expect(response.headers[.location] == expected, "next \(next)")
            }
        }
    }

    @Test func wrongCredentials_keepTheScreenWithOneMessageTheUsernameAndNoPassword() async throws {
        try await makeApp().test(.router) { client in
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": "maria.silva", "password": "wrong password here", "csrf_token": form.token
                ], cookie: form.cookie)
            let html = String(buffer: response.body)

            #expect(response.status == .unauthorized)
            #expect(html.occurrences(of: "role=\"alert\"") == 1)
            #expect(html.contains("Wrong username or password."))
            #expect(html.contains(#"value="maria.silva""#))
            #expect(!html.contains("wrong password here"))
            #expect(!response.headers[values: .setCookie].contains { $0.hasPrefix("ef_session=") })
        }
    }

    @Test func throttledLogIn_saysWhenToTryAgain() async throws {
        try await makeApp(api: try await InProcessFeedAPI.make(mode: .throttling(retryAfter: 400))).test(.router) { client in
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], cookie: form.cookie)

            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter] == "400")
            #expect(String(buffer: response.body).contains("Try again in 7 minutes."))
        }
    }

    @Test func logInWithTheAPIUnreachable_showsTheConnectionError() async throws {
        try await makeApp(api: try await InProcessFeedAPI.make(mode: .offline)).test(.router) { client in
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], cookie: form.cookie)

            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("Essential Feed can&#39;t be reached right now"))
        }
    }

    @Test func logInWithoutOrWithAWrongToken_isRefused() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let form = try await client.logInForm()
            let credentials = ["username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password]

            let missing = try await client.post("/login", form: credentials, cookie: form.cookie)
            let wrong = try await client.post("/login", form: credentials.merging(["csrf_token": "forged"]) { $1 }, cookie: form.cookie)
            let withoutNonce = try await client.post("/login", form: credentials.merging(["csrf_token": form.token]) { $1 })

            for response in [missing, wrong, withoutNonce] {
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("This form has expired."))
            }
            #expect(!api.requests.contains { $0.method == "POST" })
        }
    }

    @Test(arguments: [
        HTTPFields([HTTPField(name: HTTPField.Name("Sec-Fetch-Site")!, value: "cross-site")]),
        HTTPFields([HTTPField(name: HTTPField.Name("Sec-Fetch-Site")!, value: "same-site")]),
        HTTPFields([HTTPField(name: .origin, value: "https://evil.example")]),
        HTTPFields([HTTPField(name: .origin, value: "null")])
    ])
    func crossSitePosts_areRefusedEvenWithAValidToken(headers: HTTPFields) async throws {
        let api = try await InProcessFeedAPI.make()
        let session = SignedInTestSession()
        try await makeApp(api: api, sessions: try await session.store(validAfter: fixedNow)).test(.router) { client in
            let form = try await client.logInForm()
            var logIn = headers
            logIn[.cookie] = form.cookie
            var comment = headers
            comment[.cookie] = session.cookie

            let logInResponse = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], headers: logIn)
            let commentResponse = try await client.post(
                "/images/\(api.imageID.uuidString)/comments", form: ["message": "Hi", "csrf_token": session.csrfToken], headers: comment)

            #expect(logInResponse.status == .forbidden)
            #expect(commentResponse.status == .forbidden)
            #expect(String(buffer: commentResponse.body).contains("Request refused"))
            #expect(!api.requests.contains { $0.method == "POST" })
        }
    }

    @Test func loggingInAgainWhileLoggedIn_endsTheEarlierSession_andRevokesItsAPIToken() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let earlier = try await client.logIn()
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], cookie: "\(earlier); \(form.cookie)")

            #expect(response.status == .seeOther)
            let earlierToken = try #require(api.issuedTokens.first)
            #expect(api.issuedTokens.count == 2)
            #expect(
                api.requests.contains { $0.method == "DELETE" && $0.authorization == "Bearer \(earlierToken)" },
                "the earlier token is revoked at the API")
            #expect(try await client.execute(uri: "/fragments/feed", method: .get, headers: [.cookie: earlier]).status == .unauthorized)
        }
    }

    @Test func logInWithAPasswordOverTheMaximum_is400_withoutAskingTheAPI() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let form = try await client.logInForm()

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": String(repeating: "p", count: 5_000), "csrf_token": form.token
                ], cookie: form.cookie)

            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("Wrong username or password."))
            #expect(!api.requests.contains { $0.path == "/essential-feed/v1/sessions" })
        }
    }

    @Test func whatADeviceMayKeep_saysWhenItsSessionEnds_soOfflineCopiesDoNotOutliveIt() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()

            let screen = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])

            #expect(screen.headers[HTTPField.Name("Essential-Feed-Keep")!] != nil)
            let sessionEnds = fixedNow.addingTimeInterval(SessionCookies.sessionLifetime)
            #expect(screen.headers[HTTPField.Name("Essential-Feed-Session-Ends")!] == String(Int64(sessionEnds.timeIntervalSince1970 * 1_000)))
        }
    }

    @Test func sameOriginPosts_areAccepted() async throws {
        try await makeApp().test(.router) { client in
            let form = try await client.logInForm()
            var headers = HTTPFields([HTTPField(name: HTTPField.Name("Sec-Fetch-Site")!, value: "same-origin")])
            headers[.cookie] = form.cookie

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": form.token
                ], headers: headers)

            #expect(response.status == .seeOther)
        }
    }

    @Test func httpsPublicAddress_makesTheCookiesSecureAndHostPrefixed() async throws {
        try await makeApp(publicURL: URL(string: "https://feed.example")).test(.router) { client in
            let screen = try await client.execute(uri: "/login", method: .get)
            let nonce = try #require(screen.headers[values: .setCookie].first { $0.hasPrefix("__Host-ef_log_in=") })
            #expect(nonce.contains("Secure"))
            let token = try formToken(in: String(buffer: screen.body))
            var headers = HTTPFields([HTTPField(name: .origin, value: "https://feed.example")])
            headers[.cookie] = String(nonce.prefix { $0 != ";" })

            let response = try await client.post(
                "/login",
                form: [
                    "username": InProcessFeedAPI.username, "password": InProcessFeedAPI.password, "csrf_token": token
                ], headers: headers)

            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("__Host-ef_session=") })
            #expect(cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.contains("Domain"))
        }
    }

    // MARK: - Sessions

    @Test func sessionsSurviveARestartOfTheApp() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "app-sessions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let api = try await InProcessFeedAPI.make()
        let cookie = try await makeApp(api: api, sessions: AppSessionsOpening.store(in: directory, logger: .init(label: "test"), now: fixedNow)).test(.router) { client in
            try await client.logIn()
        }

        try await makeApp(api: api, sessions: AppSessionsOpening.store(in: directory, logger: .init(label: "test"), now: fixedNow)).test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])

            #expect(response.status == .ok)
            #expect(String(buffer: response.body).contains("Maria Silva"))
        }
    }

    @Test func sessionsFile_holdsNeitherTheIdNorTheAPIToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "app-sessions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let api = try await InProcessFeedAPI.make()
        let cookie = try await makeApp(api: api, sessions: AppSessionsOpening.store(in: directory, logger: .init(label: "test"), now: fixedNow)).test(.router) { client in
            try await client.logIn()
        }

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(AppSessionsOpening.fileName) }
        let contents = try files.map { try Data(contentsOf: directory.appending(path: $0)) }.reduce(Data(), +)
        let id = String(cookie.dropFirst("ef_session=".count))
        #expect(!contents.isEmpty)
        #expect(contents.range(of: Data(try #require(api.issuedTokens.last).utf8)) == nil)
        #expect(contents.range(of: Data(id.utf8)) == nil)
    }

    // MARK: - Logging out

    @Test func logOut_endsTheSessionRevokesTheTokenAndTheOldCookieIsDead() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/", cookie: cookie)

            let response = try await client.post("/logout", form: ["csrf_token": token], cookie: cookie)

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login")
            #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("ef_session=;") && $0.contains("Max-Age=0") })
            #expect(response.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\", \"storage\"", "Back shows nothing private")
            let apiToken = try #require(api.issuedTokens.last)
            #expect(api.requests.contains { $0.method == "DELETE" && $0.authorization == "Bearer \(apiToken)" })
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .seeOther)
        }
    }

    @Test func logOutWithTheAPIUnreachable_stillEndsTheSession() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/", cookie: cookie)
            api.mode = .offline

            let response = try await client.post("/logout", form: ["csrf_token": token], cookie: cookie)

            #expect(response.status == .seeOther)
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .seeOther)
        }
    }

    @Test func logOutWithAWrongToken_isRefusedAndKeepsTheSession() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()

            let response = try await client.post("/logout", form: ["csrf_token": "forged"], cookie: cookie)

            #expect(response.status == .forbidden)
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok)
        }
    }

    // MARK: - Comments

    @Test func commentScreen_hasTheLabelledForm() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()

            let html = String(buffer: try await client.execute(uri: "/images/\(api.imageID.uuidString)/comments", method: .get, headers: [.cookie: cookie]).body)

            #expect(html.contains("<label for=\"comment-message\">Your comment</label>"))
            #expect(html.contains(#"<form class="comment-form" method="post" action="/images/\#(api.imageID.uuidString)/comments""#))
        }
    }

    @Test func commentWithoutScript_isPostedWithTheTokenAndLeadsBackToTheList() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let path = "/images/\(api.imageID.uuidString)/comments"
            let token = try await client.csrfToken(onScreen: path, cookie: cookie)

            let response = try await client.post(path, form: ["message": "  What a <b>view</b>! 😍 \n", "csrf_token": token], cookie: cookie)

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == path)
            let posted = try #require(api.requests.first { $0.method == "POST" && $0.path.hasSuffix("/comments") })
            #expect(posted.authorization == "Bearer \(try #require(api.issuedTokens.last))")
            #expect(posted.body == ["message": "What a <b>view</b>! 😍"])
            let screen = String(buffer: try await client.execute(uri: path, method: .get, headers: [.cookie: cookie]).body)
            #expect(screen.contains("What a &lt;b&gt;view&lt;/b&gt;! 😍"))
        }
    }

    @Test func commentFromTheScript_answersTheNewListWithTheCommentFirst() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/images/\(api.imageID.uuidString)/comments", cookie: cookie)
            let fragmentPath = "/fragments/images/\(api.imageID.uuidString)/comments"

            _ = try await client.post(fragmentPath, form: ["message": "First", "csrf_token": token], cookie: cookie)
            let response = try await client.post(fragmentPath, form: ["message": "Second", "csrf_token": token], cookie: cookie)
            let html = String(buffer: response.body)

            #expect(response.status == .created)
            let second = try #require(html.range(of: "Second"))
            let first = try #require(html.range(of: "First"))
            #expect(second.lowerBound < first.lowerBound)
        }
    }

    @Test(arguments: [("", 400, "Write something before sending."), (String(repeating: "a", count: 2_001), 400, "at most 2,000 characters")])
    func invalidComment_keepsTheTextInTheBoxWithTheMessage(message: String, status: Int, expected: String) async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let path = "/images/\(api.imageID.uuidString)/comments"
            let token = try await client.csrfToken(onScreen: path, cookie: cookie)

            let screen = try await client.post(path, form: ["message": message, "csrf_token": token], cookie: cookie)
            let fragment = try await client.post("/fragments" + path, form: ["message": message, "csrf_token": token], cookie: cookie)

            #expect(screen.status.code == status && fragment.status.code == status)
            #expect(String(buffer: screen.body).contains(expected))
            #expect(String(buffer: screen.body).contains(">\(message)</textarea>"))
            #expect(String(buffer: fragment.body).contains("data-fragment=\"error\""))
            #expect(!api.requests.contains { $0.method == "POST" && $0.path.hasSuffix("/comments") })
        }
    }

    @Test func commentTheAPICannotTake_showsTheErrorAndKeepsTheText() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let path = "/images/\(api.imageID.uuidString)/comments"
            let token = try await client.csrfToken(onScreen: path, cookie: cookie)
            api.mode = .failingComments(status: 500)

            let response = try await client.post(path, form: ["message": "Kept text", "csrf_token": token], cookie: cookie)
            let html = String(buffer: response.body)

            #expect(response.status == .badGateway)
            #expect(html.contains("Couldn&#39;t send your comment: Essential Feed can&#39;t be reached"))
            #expect(html.contains(">Kept text</textarea>"))
        }
    }

    @Test func commentWithATokenTheAPIRevoked_endsTheSession() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let path = "/images/\(api.imageID.uuidString)/comments"
            let token = try await client.csrfToken(onScreen: path, cookie: cookie)
            api.mode = .failingComments(status: 401)

            let response = try await client.post("/fragments" + path, form: ["message": "Hi", "csrf_token": token], cookie: cookie)

            #expect(response.status == .unauthorized)
            #expect(String(buffer: response.body).contains("Log in again to comment."))
            #expect(try await client.execute(uri: path, method: .get, headers: [.cookie: cookie]).status == .seeOther)
        }
    }

    @Test func offline_aPersonLoggedInKeepsTheSessionAndTheCachedFeed() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok)
            api.mode = .offline

            let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(html.contains("data-image-id=\"\(api.imageID.uuidString)\""))
            #expect(html.contains("Maria Silva"))
        }
    }

    // MARK: - Health

    @Test func health_isLiveAndReady_withoutASessionCookie_whenTheSessionsStoreAnswers() async throws {
        try await makeApp().test(.router) { client in
            for path in ["/health/live", "/health/ready"] {
                let response = try await client.execute(uri: path, method: .get)

                #expect(response.status == .ok, "\(path)")
                #expect(String(buffer: response.body) == #"{"status":"pass"}"#, "\(path)")
                #expect(response.headers[.setCookie] == nil, "\(path)")
                #expect(response.headers[HTTPField.Name("Clear-Site-Data")!] == nil, "\(path)")
            }
        }
    }

    @Test func health_isLiveButNotReady_whenTheSessionsStoreFails() async throws {
        try await makeApp(sessions: UnreadableSessionStore()).test(.router) { client in
            let live = try await client.execute(uri: "/health/live", method: .get)
            let ready = try await client.execute(uri: "/health/ready", method: .get)

            #expect(live.status == .ok)
            #expect(ready.status == .serviceUnavailable)
        }
    }

    @Test func metrics_countTheScreensByRouteAndStatus_withoutASessionCookie() async throws {
        try await makeApp().test(.router) { client in
            _ = try await client.execute(uri: "/login", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(text.contains(#"http_requests_total{method="GET",route="/login",status="200"} 1"#), "\(text)")
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func aSessionWhoseTokenTheAPIRevoked_endsAtItsNextRequestOnceChecked_butNotWhileTheAPIIsUnreachable() async throws {
        let api = try await InProcessFeedAPI.make()
        let clock = Mutex(fixedNow)
        let interval = TokenRevocationCheck.defaultInterval
        try await makeApp(api: api, currentDate: { clock.withLock { $0 } }).test(.router) { client in
            let cookie = try await client.logIn()
            let checks = { api.requests.filter { $0.path == "/essential-feed/v1/me" }.count }
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok)
            #expect(checks() == 0, "a token just handed out needs no check")

            api.mode = .offline
            clock.withLock { $0 += interval + 1 }
            #expect(
                try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok,
                "an API that cannot be asked revokes nothing")

            api.mode = .online
            try await api.setAnotherPassword()
            #expect(
                try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok,
                "checked at most once per interval")
            clock.withLock { $0 += interval + 1 }
            let ended = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])

            #expect(ended.status == .seeOther)
            #expect(ended.headers[.location] == "/login")
            #expect(ended.headers[values: .setCookie].contains { $0.hasPrefix("ef_session=;") || $0.contains("Max-Age=0") })
            #expect(ended.headers[.clearSiteData] != nil, "what the browser kept of the session goes too")
            #expect(checks() == 2)
            let afterwards = try await client.execute(uri: "/fragments/feed", method: .get, headers: [.cookie: cookie])
            #expect(afterwards.status == .unauthorized, "the session is gone from the store, not just skipped")
        }
    }

    // MARK: - Helpers

    private func makeApp(
        api: InProcessFeedAPI? = nil,
        sessions: any SessionStore = InMemorySessionStore(),
        publicURL: URL? = nil,
        trustedProxies: TrustedProxies = .none,
        currentDate: @escaping @Sendable () -> Date = { fixedNow }
    ) async throws -> some ApplicationProtocol {
        // However busy the machine, the in-process API's answer about a token is waited for.
        let api = if let api { api } else { try await InProcessFeedAPI.make() }
        return await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL, publicURL: publicURL, trustedProxies: trustedProxies, sessionCheckTimeout: .seconds(60)),
            httpClient: api,
            store: InMemoryFeedStore(),
            sessionStore: sessions,
            currentDate: currentDate
        )
    }
}

/// A session store on a full disk: nothing new can be kept.
private struct FullSessionStore: SessionStore {
    func insert(_ session: LocalSession) async throws { throw InsufficientStorageError() }
    func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? { nil }
    func deleteSession(withKey key: Data) async throws {}
    func deleteSessions(expiredBy date: Date) async throws -> Int { 0 }
}

/// A session store whose file went away: nothing can be read.
private struct UnreadableSessionStore: SessionStore {
    struct Unreadable: Error {}

    func insert(_ session: LocalSession) async throws { throw Unreadable() }
    func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? { throw Unreadable() }
    func deleteSession(withKey key: Data) async throws { throw Unreadable() }
    func deleteSessions(expiredBy date: Date) async throws -> Int { throw Unreadable() }
}
