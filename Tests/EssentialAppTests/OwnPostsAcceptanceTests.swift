import EssentialApp
import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Testing

@Suite struct OwnPostsAcceptanceTests {
    private static let owner = InProcessFeedAPI.username
    private static let other = InProcessFeedAPI.otherUsername

    @Test func theOwner_editsAPhotosTexts_andEveryScreenShowsThem_theWarningOverThePhoto() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.owner)
            let photo = UUIDText.string(from: api.imageID)
            let screen = try await page("/images/\(photo)", client, cookie)
            #expect(screen.contains(#"<a class="own-post-edit" href="/images/\#(photo)/edit">Edit</a>"#))
            #expect(screen.contains(#"<a class="own-post-delete" href="/images/\#(photo)/delete">Delete</a>"#))
            let form = try await page("/images/\(photo)/edit", client, cookie)
            #expect(form.contains(#"<textarea id="edit-post-description" name="description""#) && form.contains(">Description 0</textarea>"))

            let saved = try await client.post(
                "/images/\(photo)/edit",
                form: [
                    "csrf_token": try formToken(in: form), "description": "  At dawn, edited ", "location": "", "alt": "A harbour",
                    "content_warning": "Heights"
                ], cookie: cookie)

            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/images/\(photo)")
            let edited = try await page("/images/\(photo)", client, cookie)
            #expect(edited.contains(#"<p class="photo-description">At dawn, edited</p>"#))
            #expect(edited.contains(#"<span class="photo-edited">Edited</span>"#))
            #expect(!edited.contains("Location 0"), "an empty text clears it")
            #expect(edited.contains(#"<details class="content-warning">"#) && edited.contains(#"<span class="content-warning-text">Heights</span>"#))
            let feed = try await page("/?tab=everyone", client, cookie)
            #expect(feed.contains(#"<span class="content-warning-text">Heights</span>"#), "the feed asked afresh after the change")
        }
    }

    @Test func someoneElse_isOfferedNoChange_andTheAPIRefusesOne() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.other)
            let photo = UUIDText.string(from: api.imageID)
            #expect(!(try await page("/images/\(photo)", client, cookie)).contains("own-post-actions"))
            let form = try await client.execute(uri: "/images/\(photo)/edit", method: .get, headers: [.cookie: cookie])
            #expect(form.status == .notFound, "someone else's photo has no edit screen")

            let token = try formToken(in: try await page("/images/\(photo)", client, cookie))
            let refused = try await client.post("/images/\(photo)/edit", form: ["csrf_token": token, "description": "Mine"], cookie: cookie)
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("Only its owner can change this."))
            let deletion = try await client.post("/images/\(photo)/delete", form: ["csrf_token": token], cookie: cookie)
            #expect(deletion.status == .forbidden)
            let withoutToken = try await client.post("/images/\(photo)/delete", form: [:], cookie: cookie)
            #expect(withoutToken.status == .forbidden)
            #expect(try await client.execute(uri: "/images/\(photo)", method: .get, headers: [.cookie: cookie]).status == .ok, "still there")
        }
    }

    @Test func deletingAPhoto_isConfirmedFirst_thenItsOwnerIsTakenToTheirProfile_andThePhotoIsGone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.owner)
            let photo = UUIDText.string(from: api.imageID)
            let confirmation = try await page("/images/\(photo)/delete", client, cookie)
            #expect(confirmation.contains("Delete this photo?") && confirmation.contains(#"<form class="confirm-deletion-form" method="post" action="/images/\#(photo)/delete">"#))
            #expect(confirmation.contains(#"<figure class="comments-subject">"#) && confirmation.contains(#"href="/images/\#(photo)""#), "which photo")

            let deleted = try await client.post("/images/\(photo)/delete", form: ["csrf_token": try formToken(in: confirmation)], cookie: cookie)

            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/@\(Self.owner)")
            #expect(try await client.execute(uri: "/images/\(photo)", method: .get, headers: [.cookie: cookie]).status == .notFound)
            #expect(!(try await page("/?tab=everyone", client, cookie)).contains(photo))
            #expect(try await api.feedIDs().count == 1)
            let again = try await client.execute(uri: "/images/\(photo)/delete", method: .get, headers: [.cookie: cookie])
            #expect(again.status == .notFound, "Back to the confirmation asks nothing of a photo that is gone")
        }
    }

    @Test func aDeletedPhoto_isServedToNobodyFromTheAppsCache_inAnySize() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let reader = try await client.logIn(as: Self.other)
            let owner = try await client.logIn(as: Self.owner)
            let photo = UUIDText.string(from: api.imageID)
            let images = ["/feed-images/\(photo)", "/feed-images/\(photo)?size=full", "/feed-images/\(photo)?size=thumb"]
            _ = try await page("/?tab=everyone", client, reader)
            _ = try await page("/images/\(photo)", client, reader)
            for image in images {
                #expect(try await client.execute(uri: image, method: .get, headers: [.cookie: reader]).status == .ok, "cached: \(image)")
            }

            let confirmation = try await page("/images/\(photo)/delete", client, owner)
            _ = try await client.post("/images/\(photo)/delete", form: ["csrf_token": try formToken(in: confirmation)], cookie: owner)

            for image in images {
                #expect(try await client.execute(uri: image, method: .get, headers: [.cookie: reader]).status == .notFound, "\(image)")
            }
            #expect(try await api.feedIDs().count == 1, "the other photo stays")
        }
    }

    @Test func aComment_isDeletedByItsAuthor_orThePhotosOwner_afterConfirming() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let commenter = try await client.logIn(as: Self.other)
            let comments = try await page("/images/\(photo)/comments", client, commenter)
            _ = try await client.post("/images/\(photo)/comments", form: ["csrf_token": try formToken(in: comments), "message": "First!"], cookie: commenter)
            _ = try await client.post("/images/\(photo)/comments", form: ["csrf_token": try formToken(in: comments), "message": "Second"], cookie: commenter)

            let asCommenter = try await page("/images/\(photo)/comments", client, commenter)
            let link = try #require(deleteLinks(in: asCommenter).first)
            #expect(deleteLinks(in: asCommenter).count == 2, "their own comments")
            #expect(!asCommenter.contains(#"class="comment-report""#), "nothing of their own to report")
            let asked = try await client.execute(uri: link, method: .get, headers: [.cookie: commenter])
            #expect(asked.headers[.cacheControl] == "no-store", "never kept for Back")
            let confirmation = try await page(link, client, commenter)
            #expect(confirmation.contains("Delete this comment?"))
            #expect(confirmation.contains(#"<blockquote class="quoted-comment">Second</blockquote>"#), "which comment goes, in its words")
            #expect(confirmation.contains(#"<figure class="comments-subject">"#), "and on which photo")
            let deleted = try await client.post(link, form: ["csrf_token": try formToken(in: confirmation)], cookie: commenter)
            #expect(deleted.status == .seeOther && deleted.headers[.location] == "/images/\(photo)/comments")
            #expect(try await client.execute(uri: link, method: .get, headers: [.cookie: commenter]).status == .notFound, "gone")

            let notTheirs = try await client.execute(uri: "/images/\(photo)/delete", method: .get, headers: [.cookie: commenter])
            #expect(notTheirs.status == .notFound, "someone else's photo is not theirs to delete")
            #expect(String(buffer: notTheirs.body).contains("Page not found"), "a page of the app's, not an empty answer")

            let owner = try await client.logIn(as: Self.owner)
            _ = try await page("/?tab=everyone", client, owner)
            let asOwner = try await page("/images/\(photo)/comments", client, owner)
            let remaining = deleteLinks(in: asOwner)
            #expect(remaining.count == 1, "the photo's owner may delete every comment on it")
            #expect(asOwner.components(separatedBy: #"class="comment-report""#).count == 2, "and report it too")
            _ = try await client.post(try #require(remaining.first), form: ["csrf_token": try formToken(in: asOwner)], cookie: owner)
            let after = try await page("/images/\(photo)/comments", client, owner)
            #expect(!after.contains("First!") && !after.contains("Second"))
        }
    }

    // MARK: - Helpers

    private func page(_ path: String, _ client: some TestClientProtocol, _ cookie: String) async throws -> String {
        let response = try await client.execute(uri: path, method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok, "\(path)")
        return String(buffer: response.body)
    }

    private func deleteLinks(in html: String) -> [String] {
        html.components(separatedBy: #"<a class="comment-delete" href=""#).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
