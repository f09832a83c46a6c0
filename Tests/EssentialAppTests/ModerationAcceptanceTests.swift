import EssentialApp
import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

@Suite struct ModerationAcceptanceTests {
    private static let author = InProcessFeedAPI.username
    private static let reader = InProcessFeedAPI.otherUsername

    @Test func aReader_reportsAPhoto_aModeratorSeesIt_andRemovesIt_withAReasonInTheLog() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await api.setRole("moderator", of: Self.reader)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let author = try await client.logIn(as: Self.author)
            let ownScreen = try await page("/images/\(photo)", client, author)
            #expect(!ownScreen.contains("report-link"), "no one reports their own photo")
            let profile = try await page("/@\(Self.reader)", client, author)
            #expect(profile.contains(#"<a class="report-link" href="/report?user=\#(Self.reader)">Report</a>"#))

            let reader = try await client.logIn(as: Self.reader)
            let screen = try await page("/images/\(photo)", client, reader)
            #expect(screen.contains(#"<a class="report-link" href="/report?image=\#(photo)">Report</a>"#))
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: author]).status == .ok)
            let form = try await page("/report?image=\(photo)", client, reader)
            #expect(form.contains(#"<input type="radio" name="reason" value="spam" required>"#), "nothing chosen in advance")
            #expect(form.contains(#"<figure class="comments-subject">"#) && form.contains(#"href="/images/\#(photo)""#), "which photo")
            #expect(try await client.execute(uri: "/report?image=\(UUID().uuidString)", method: .get, headers: [.cookie: reader]).status == .notFound)
            let sent = try await client.post(
                "/report", form: ["csrf_token": try formToken(in: form), "image": photo, "reason": "illegal", "note": "Stolen"], cookie: reader)
            #expect(sent.status == .ok)
            #expect(String(buffer: sent.body).contains("Thank you. The moderators will look at it."))
            #expect(String(buffer: sent.body).contains(#"<a class="done-link" href="/images/\#(photo)">Done</a>"#))
            #expect(!String(buffer: sent.body).contains("Cancel"), "nothing is left to cancel")
            let again = try await client.post("/report", form: ["csrf_token": try formToken(in: form), "image": photo, "reason": "spam"], cookie: reader)
            #expect(again.status == .conflict)

            let settings = try await page("/settings/account", client, reader)
            #expect(settings.contains(#"<a href="/moderation">Moderation</a>"#))
            let queue = try await page("/moderation", client, reader)
            #expect(queue.contains("Illegal content") && queue.contains("Reported by @\(Self.reader)") && queue.contains("Stolen"))
            let withoutReason = try await client.post(
                "/moderation/act", form: ["csrf_token": try formToken(in: queue), "action": "remove", "report": "1", "kind": "photo", "id": photo],
                cookie: reader)
            #expect(withoutReason.status == .badRequest)
            #expect(String(buffer: withoutReason.body).contains("Say why: it is kept in the log."))
            #expect(try await api.feedIDs().count == 2, "nothing removed without a reason")
            let removed = try await client.post(
                "/moderation/act",
                form: ["csrf_token": try formToken(in: queue), "action": "remove", "report": "1", "kind": "photo", "id": photo, "reason": "Copyright"],
                cookie: reader)
            #expect(removed.status == .seeOther && removed.headers[.location] == "/moderation")
            let after = try await page("/moderation", client, reader)
            #expect(after.contains("No open reports."))
            #expect(after.contains("removed a photo") && after.contains("Copyright"))
            #expect(after.contains(#"">just now</time> @\#(Self.reader)"#), "the log's dates in words")
            #expect(try await api.feedIDs().count == 1)
            #expect(
                try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: author]).status == .notFound,
                "the app's cache forgot the removed photo")
        }
    }

    @Test func aMember_isRefusedTheModerationScreen() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let member = try await client.logIn(as: Self.author)
            let screen = try await client.execute(uri: "/moderation", method: .get, headers: [.cookie: member])
            #expect(screen.status == .forbidden)
            #expect(String(buffer: screen.body).contains("Only moderators can do this."))
            #expect(!(try await page("/settings/account", client, member)).contains(#"href="/moderation""#))
            let refused = try await client.post(
                "/moderation/act", form: ["csrf_token": try formToken(in: String(buffer: screen.body)), "action": "dismiss", "report": "1"], cookie: member)
            #expect(refused.status == .forbidden)
        }
    }

    @Test func aSuspendedPerson_isToldSoAtLogIn() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await api.setRole("moderator", of: Self.reader)
        try await makeApp(api: api).test(.router) { client in
            let moderator = try await client.logIn(as: Self.reader)
            let form = try await page("/report?user=\(Self.author)", client, moderator)
            _ = try await client.post("/report", form: ["csrf_token": try formToken(in: form), "user": Self.author, "reason": "abuse"], cookie: moderator)
            let queue = try await page("/moderation", client, moderator)
            let suspended = try await client.post(
                "/moderation/act",
                form: ["csrf_token": try formToken(in: queue), "action": "suspend", "report": "1", "username": Self.author, "reason": "Threats"],
                cookie: moderator)
            #expect(suspended.status == .seeOther)

            let logIn = try await client.logInForm()
            let refused = try await client.post(
                "/login", form: ["username": Self.author, "password": InProcessFeedAPI.password, "csrf_token": logIn.token], cookie: logIn.cookie)
            #expect(String(buffer: refused.body).contains("This account has been suspended by the moderators. Their reason: Threats"))

            let screen = try await page("/moderation", client, moderator)
            #expect(screen.contains(#"<form class="moderation-action moderation-lift""#))
            for (typed, status) in [("@nobody", HTTPResponse.Status.notFound), ("not a name!", .badRequest)] {
                let refused = try await client.post(
                    "/moderation/act", form: ["csrf_token": try formToken(in: screen), "action": "lift", "username": typed], cookie: moderator)
                #expect(refused.status == status)
                #expect(String(buffer: refused.body).contains("No account is named"), "said on the moderation screen: \(typed)")
            }
            let lifted = try await client.post(
                "/moderation/act", form: ["csrf_token": try formToken(in: screen), "action": "lift", "username": " @Maria.Silva ", "reason": "Appeal"],
                cookie: moderator)
            #expect(lifted.status == .seeOther)
            #expect(try await page("/moderation", client, moderator).contains("Appeal"), "the lift and its reason in the log")
            _ = try await client.logIn(as: Self.author)
        }
    }

    @Test func aCommentsReportForm_quotesTheComment_andAGoneCommentIsNotFound() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let author = try await client.logIn(as: Self.author)
            let comments = try await page("/images/\(photo)/comments", client, author)
            _ = try await client.post("/images/\(photo)/comments", form: ["csrf_token": try formToken(in: comments), "message": "Buy <pills>"], cookie: author)

            let reader = try await client.logIn(as: Self.reader)
            let asReader = try await page("/images/\(photo)/comments", client, reader)
            let link = try #require(
                asReader.components(separatedBy: #"<a class="comment-report" href=""#).dropFirst().first?.split(separator: "\"").first.map(String.init))
            let form = try await page(link.replacingOccurrences(of: "&amp;", with: "&"), client, reader)
            #expect(form.contains(#"<blockquote class="quoted-comment">Buy &lt;pills&gt;</blockquote>"#), "which comment, in its words")
            #expect(
                form.contains(#"<p class="quoted-comment-author">— Maria Silva <span class="author-handle">@maria.silva</span></p>"#), "and whose")
            #expect(form.contains(#"<figure class="comments-subject">"#), "and on which photo")

            let unknown = try await client.execute(uri: "/report?comment=\(UUID().uuidString)&on=\(photo)", method: .get, headers: [.cookie: reader])
            #expect(unknown.status == .notFound, "no such comment on the photo")
            for nothing in ["/report", "/report?image=\(photo)%00junk", "/report?comment=BOGUS&on=\(photo)", "/report?image=\(photo)&user=ann"] {
                let refused = try await client.execute(uri: nothing, method: .get, headers: [.cookie: reader])
                #expect(refused.status == .notFound, "\(nothing)")
                #expect(String(buffer: refused.body).contains("Page not found"), "the app's page, not an empty answer: \(nothing)")
            }
        }
    }

    private func page(_ path: String, _ client: some TestClientProtocol, _ cookie: String) async throws -> String {
        let response = try await client.execute(uri: path, method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok, "\(path)")
        return String(buffer: response.body)
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
