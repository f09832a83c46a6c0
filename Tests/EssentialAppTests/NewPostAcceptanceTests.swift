import EssentialApp
import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import PhotoFixtures
import Testing

@Suite struct NewPostAcceptanceTests {
    private static let photo = (try? PhotoFixtures.photo(width: 120, height: 80)) ?? Data()

    @Test func screenWithoutSession_sendsTheBrowserToLogIn_andPostsWithoutSessionAnswer401() async throws {
        try await makeApp().test(.router) { client in
            let screen = try await client.execute(uri: "/new", method: .get)
            let post = try await client.postPhoto(to: "/fragments/new", fields: [:], photo: Self.photo, cookie: nil)

            #expect(screen.status == .seeOther)
            #expect(screen.headers[.location] == "/login?next=/new")
            #expect(post.status == .unauthorized)
        }
    }

    @Test func feedHeader_leadsToTheNewPostScreen() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()

            let html = String(buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).body)

            #expect(html.contains(#"<a class="new-post-link" href="/new">"#))
            #expect(html.contains(#"<span class="new-post-label">New post</span>"#))
        }
    }

    @Test func screen_hasTheLabelledForm_andMayShowAPreviewOfTheChosenFile() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()

            let response = try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie, .acceptLanguage: "es"])
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(html.contains(#"<form class="new-post-form" method="post" action="/new" enctype="multipart/form-data" data-fragment-action="/fragments/new""#))
            #expect(html.contains(#"<input type="file" id="new-post-photo" name="file" accept="image/jpeg,image/png,image/webp" required"#))
            #expect(html.contains(#"<label for="new-post-description">Descripción</label>"#))
            #expect(html.contains(#"name="location" maxlength="500""#))
            #expect(html.contains(#"<label for="new-post-alt">Texto alternativo</label>"#))
            #expect(html.contains(#"name="csrf_token" value=""#))
            #expect(response.headers[.contentSecurityPolicy]?.contains("img-src 'self' blob:;") == true)
            let feed = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(feed.headers[.contentSecurityPolicy]?.contains("img-src 'self';") == true)
        }
    }

    @Test func postFromTheScript_sendsThePhotoWithTheTokenAndTheFeedShowsItFirst() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            _ = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let response = try await client.postPhoto(
                to: "/fragments/new",
                fields: ["csrf_token": token, "description": "  Sunset over the bay \n", "location": "Lisbon", "alt": " "],
                photo: Self.photo, cookie: cookie)

            #expect(response.status == .created)
            #expect(response.headers[.location] == "/")
            let posted = try #require(api.requests.first { $0.method == "POST" && $0.path == "/essential-feed/v1/images" })
            #expect(posted.authorization == "Bearer \(try #require(api.issuedTokens.last))")
            let body = try #require(posted.rawBody)
            #expect(body.range(of: Self.photo) != nil)
            #expect(body.range(of: Data("Sunset over the bay\r\n".utf8)) != nil)
            #expect(body.range(of: Data("name=\"alt\"".utf8)) == nil)
            let screen = String(buffer: try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).body)
            let feed = screen[try #require(screen.range(of: "role=\"feed\""), "the screen has the feed").upperBound...]
            let newPost = try #require(feed.range(of: "data-image-id=\"\(try await api.feedIDs()[0].uuidString)\""))
            let earlier = try #require(feed.range(of: "data-image-id=\"\(api.imageID.uuidString)\""))
            #expect(newPost.lowerBound < earlier.lowerBound)
        }
    }

    @Test func postWithoutScript_leadsToTheFeed() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let response = try await client.postPhoto(to: "/new", fields: ["csrf_token": token], photo: Self.photo, cookie: cookie)

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            #expect(try await api.feedIDs().count == 2)
        }
    }

    @Test func aPostWithAContentWarning_showsInTheFeedBehindIt() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let form = String(buffer: try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie]).body)
            #expect(form.contains(#"<input type="text" id="new-post-content_warning" name="content_warning" maxlength="200""#))

            let response = try await client.postPhoto(
                to: "/new", fields: ["csrf_token": try formToken(in: form), "content_warning": " Needles "], photo: Self.photo, cookie: cookie)

            #expect(response.status == .seeOther)
            let feed = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: cookie]).body)
            #expect(feed.contains(#"<span class="content-warning-text">Needles</span>"#))
        }
    }

    @Test func aPostForFollowersOnly_leadsToTheFollowingTab_whereItShowsMarked() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let form = String(buffer: try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie]).body)
            #expect(form.contains(#"<option value="" selected>As in my privacy settings</option>"#))

            let script = try await client.postPhoto(
                to: "/fragments/new", fields: ["csrf_token": try formToken(in: form), "visibility": "followers"], photo: Self.photo, cookie: cookie)
            #expect(script.status == .created && script.headers[.location] == "/following")
            let plain = try await client.postPhoto(
                to: "/new", fields: ["csrf_token": try formToken(in: form), "visibility": "followers"], photo: Self.photo, cookie: cookie)
            #expect(plain.status == .seeOther && plain.headers[.location] == "/following")

            let following = String(buffer: try await client.execute(uri: "/following", method: .get, headers: [.cookie: cookie]).body)
            #expect(following.contains(#"<span class="followers-only""#))
            let everyone = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: cookie]).body)
            #expect(!everyone.contains(#"<span class="followers-only""#), "the feed everyone reads never has it")
        }
    }

    @Test func postWithoutAPhoto_keepsTheTextsWithTheMessage() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            let fields = ["csrf_token": token, "description": "A <b>bold</b> cat", "location": "Porto", "alt": "A cat"]

            let screen = try await client.postPhoto(to: "/new", fields: fields, photo: nil, cookie: cookie)
            let fragment = try await client.postPhoto(to: "/fragments/new", fields: fields, photo: nil, cookie: cookie)

            let html = String(buffer: screen.body)
            #expect(screen.status == .badRequest && fragment.status == .badRequest)
            #expect(html.contains("Choose a photo to post. Your texts are kept; choose the photo again before posting."))
            #expect(html.contains(">A &lt;b&gt;bold&lt;/b&gt; cat</textarea>"))
            #expect(html.contains(#"value="Porto""#))
            #expect(html.contains(">A cat</textarea>"))
            #expect(String(buffer: fragment.body).contains("data-fragment=\"error\""))
            #expect(String(buffer: fragment.body).contains("Choose a photo to post."))
            #expect(!api.requests.contains { $0.path == "/essential-feed/v1/images" })
        }
    }

    @Test func textOverTheLimit_namesItsField_andKeepsTheText() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            let long = String(repeating: "é", count: 501)

            let screen = try await client.postPhoto(to: "/new", fields: ["csrf_token": token, "location": long], photo: Self.photo, cookie: cookie)
            let fragment = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token, "location": long], photo: Self.photo, cookie: cookie)

            #expect(screen.status == .badRequest)
            #expect(String(buffer: screen.body).contains(#"name="location" maxlength="500" aria-describedby="new-post-location-hint new-post-error" aria-invalid="true" value="\#(long)""#))
            #expect(fragment.headers[NewPostTestHeaders.invalidField] == "location")
            #expect(String(buffer: fragment.body).contains("Each text can have at most 500 characters."))
            #expect(!api.requests.contains { $0.path == "/essential-feed/v1/images" })
        }
    }

    @Test(arguments: [
        (413, 413, "This photo is too large."),
        (415, 415, "This file isn&#39;t a photo we can take."),
        (422, 422, "This photo can&#39;t be read"),
        (500, 502, "Couldn&#39;t post your photo: Essential Feed can&#39;t be reached")
    ])
    func photoTheAPIRefuses_saysWhy_andKeepsTheTexts(apiStatus: Int, status: Int, message: String) async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            api.mode = .failingPhotos(status: apiStatus)

            let response = try await client.postPhoto(to: "/new", fields: ["csrf_token": token, "description": "Kept"], photo: Self.photo, cookie: cookie)
            let html = String(buffer: response.body)

            #expect(response.status.code == status)
            #expect(html.contains(message))
            #expect(html.contains(">Kept</textarea>"))
        }
    }

    @Test func aPhotoTheAPIHasNoRoomFor_is507WithThatMessage_andTheTextsKept() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            api.mode = .failingPhotos(status: 507)

            let response = try await client.postPhoto(to: "/new", fields: ["csrf_token": token, "description": "Kept"], photo: Self.photo, cookie: cookie)

            #expect(response.status.code == 507)
            #expect(String(buffer: response.body).contains("the server&#39;s storage is full") || String(buffer: response.body).contains("the server's storage is full"))
            #expect(String(buffer: response.body).contains(">Kept</textarea>"))
        }
    }

    @Test func aBodyWithANonASCIIByteInAPartHeaderName_is400_andTheAppGoesOn() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()
            var headers = HTTPFields()
            headers[.cookie] = cookie
            headers[.contentType] = "multipart/form-data; boundary=B"
            let body: [UInt8] = Array("--B\r\n".utf8) + [0xC3, 0xA9] + Array(": x\r\n\r\nv\r\n--B--\r\n".utf8)
            let response = try await client.execute(uri: "/fragments/new", method: .post, headers: headers, body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect(try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie]).status == .ok)
        }
    }

    @Test func photoWithATokenTheAPIRevoked_endsTheSession() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)
            api.mode = .failingPhotos(status: 401)

            let response = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token], photo: Self.photo, cookie: cookie)

            #expect(response.status == .unauthorized)
            #expect(String(buffer: response.body).contains("Log in again to post."))
            #expect(try await client.execute(uri: "/new", method: .get, headers: [.cookie: cookie]).status == .seeOther)
        }
    }

    @Test func postWithoutTheFormsToken_isRefusedAndNothingIsPosted() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn()

            let response = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": "made-up"], photo: Self.photo, cookie: cookie)

            #expect(response.status == .forbidden)
            #expect(!api.requests.contains { $0.path == "/essential-feed/v1/images" })
        }
    }

    @Test func bodyAnnouncedOverThePhotoLimit_isRefusedBeforeItIsRead_whileOtherFormsKeepTheirSmallLimit() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn()
            let headers: HTTPFields = [.cookie: cookie, .contentType: "multipart/form-data; boundary=b"]

            let upload = try await client.execute(
                uri: "/fragments/new", method: .post, headers: headers, body: ByteBuffer(repeating: 0x2D, count: 20_000_000 + 64 * 1_024 + 1))
            let comment = try await client.execute(
                uri: "/logout", method: .post, headers: headers, body: ByteBuffer(repeating: 0x2D, count: 40 * 1_024))

            #expect(upload.status == .contentTooLarge)
            #expect(comment.status == .contentTooLarge)
        }
    }

    @Test func uploadsBeyondTheSlots_areAskedToTryAgain() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api, simultaneousUploads: 0).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let response = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token], photo: Self.photo, cookie: cookie)

            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            #expect(!api.requests.contains { $0.path == "/essential-feed/v1/images" })
        }
    }

    @Test func aFormWithoutItsTokenFirst_isRefused_beforeTakingAnUploadsPlace() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api, simultaneousUploads: 0).test(.router) { client in
            let cookie = try await client.logIn()

            let foreign = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": "made-up"], photo: Self.photo, cookie: cookie)
            #expect(foreign.status == .forbidden, "refused as from another site, not told to come back later")
            let tokenless = try await client.postPhoto(to: "/fragments/new", fields: ["alt": "a cat"], photo: Self.photo, cookie: cookie)
            #expect(tokenless.status == .forbidden)
        }
    }

    @Test func uploadSlots_areGivenBackWhenAnUploadEnds() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api, simultaneousUploads: 1).test(.router) { client in
            let cookie = try await client.logIn()
            let token = try await client.csrfToken(onScreen: "/new", cookie: cookie)

            let refused = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token], photo: nil, cookie: cookie)
            let first = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token], photo: Self.photo, cookie: cookie)
            let second = try await client.postPhoto(to: "/fragments/new", fields: ["csrf_token": token], photo: Self.photo, cookie: cookie)

            #expect([refused.status, first.status, second.status] == [.badRequest, .created, .created])
        }
    }

    // MARK: - Helpers

    private func makeApp(api: InProcessFeedAPI? = nil, simultaneousUploads: Int = 16) async throws -> some ApplicationProtocol {
        let api = if let api { api } else { try await InProcessFeedAPI.make() }
        return await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL, simultaneousUploads: simultaneousUploads),
            httpClient: api,
            store: InMemoryFeedStore(),
            currentDate: { fixedNow }
        )
    }
}

private enum NewPostTestHeaders {
    static let invalidField = HTTPField.Name("X-Invalid-Field")!
}
