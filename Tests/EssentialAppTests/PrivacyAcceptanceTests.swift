import EssentialApp
import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PrivacyAcceptanceTests {
    private static let owner = InProcessFeedAPI.username
    private static let reader = InProcessFeedAPI.otherUsername

    @Test func aLockedAccount_asksToBeFollowed_andItsOwnerAcceptsFromTheirRequests() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let owner = try await client.logIn(as: Self.owner)
            let settings = try await page("/settings/account", client, owner)
            #expect(settings.contains(#"<input type="checkbox" name="locked" value="on" aria-describedby="locked-hint">"#))
            let saved = try await client.post(
                "/settings/account/privacy", form: ["csrf_token": try formToken(in: settings), "locked": "on", "default_visibility": "followers"],
                cookie: owner)
            #expect(saved.status == .seeOther && saved.headers[.location] == "/settings/account?done=privacy")
            let bogus = try await client.post(
                "/settings/account/privacy", form: ["csrf_token": try formToken(in: settings), "default_visibility": "friends"], cookie: owner)
            #expect(bogus.status == .badRequest)
            let after = try await page("/settings/account?done=privacy", client, owner)
            #expect(after.contains("Your privacy settings are saved."))
            #expect(after.contains(#"value="on" checked"#) && after.contains(#"<option value="followers" selected>"#))
            #expect(after.contains(#"<a class="follow-requests-link" href="/follow-requests">Follow requests</a>"#))

            let reader = try await client.logIn(as: Self.reader)
            let profile = try await page("/@\(Self.owner)", client, reader)
            #expect(profile.contains("Approves followers") && profile.contains(">Ask to follow<"))
            let asked = try await client.post(
                "/@\(Self.owner)/follow", form: ["csrf_token": try formToken(in: profile), "next": "/@\(Self.owner)"], cookie: reader)
            #expect(asked.status == .seeOther)
            #expect(try await page("/@\(Self.owner)", client, reader).contains(#"class="follow-button requested">Requested<"#))

            let notifications = try await page("/notifications", client, owner)
            #expect(notifications.contains(#"<a class="follow-requests-link" href="/follow-requests">Follow requests</a> <span class="count-badge" data-count="follow-requests">1</span>"#))
            #expect(notifications.contains(#"notification-follow-asked unread"><a class="notification-link" href="/follow-requests">"#))
            #expect(notifications.contains("asked to follow you."))
            #expect(try await page("/@\(Self.owner)", client, owner).contains(#"<a class="follow-requests-link" href="/follow-requests">"#))
            let requests = try await page("/follow-requests", client, owner)
            #expect(requests.contains(#"data-username="\#(Self.reader)""#))
            let accepted = try await client.post(
                "/follow-requests/\(Self.reader)/accept", form: ["csrf_token": try formToken(in: requests)], cookie: owner)
            #expect(accepted.status == .seeOther && accepted.headers[.location] == "/follow-requests")
            #expect(try await page("/follow-requests", client, owner).contains("Nobody is waiting for you to accept them."))
            #expect(try await page("/@\(Self.owner)", client, reader).contains(#"class="follow-button following">Unfollow<"#))
            let told = try await page("/notifications", client, reader)
            #expect(told.contains(#"notification-follow-accepted unread"><a class="notification-link" href="/@\#(Self.owner)">"#))
            #expect(told.contains("accepted your request to follow them."))
            #expect(!(try await page("/notifications", client, owner)).contains("asked to follow you."), "answered: no longer asked")
            let forged = try await client.post("/follow-requests/\(Self.reader)/reject", form: ["csrf_token": "forged"], cookie: owner)
            #expect(forged.status == .forbidden)

            let followed = try await page("/@\(Self.owner)", client, reader)
            _ = try await client.post("/@\(Self.owner)/unfollow", form: ["csrf_token": try formToken(in: followed), "next": "/"], cookie: reader)
            _ = try await client.post("/@\(Self.owner)/follow", form: ["csrf_token": try formToken(in: followed), "next": "/"], cookie: reader)
            let waiting = try await page("/follow-requests", client, owner)
            #expect(waiting.contains(#"data-fragment-action="/fragments/follow-requests/\#(Self.reader)/reject""#))
            let inPlace = try await client.post(
                "/fragments/follow-requests/\(Self.reader)/reject", form: ["csrf_token": try formToken(in: waiting)], cookie: owner)
            #expect(inPlace.status == .noContent, "the script takes the row off")
            #expect(try await page("/@\(Self.owner)", client, reader).contains(">Ask to follow<"), "rejected, the reader may ask again")
        }
    }

    @Test func aFollowersOnlyPhoto_opensForFollowers_markedSo_andForNobodyElse() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let owner = try await client.logIn(as: Self.owner)
            let form = try await page("/images/\(photo)/edit", client, owner)
            #expect(form.contains(#"<option value="public" selected>Everyone</option>"#))
            let edited = try await client.post(
                "/images/\(photo)/edit",
                form: [
                    "csrf_token": try formToken(in: form), "description": "For friends", "location": "", "alt": "", "content_warning": "",
                    "visibility": "followers"
                ], cookie: owner)
            #expect(edited.status == .seeOther)
            #expect(try await page("/images/\(photo)", client, owner).contains("Followers only"), "its owner still sees it")

            let reader = try await client.logIn(as: Self.reader)
            let refused = try await client.execute(uri: "/images/\(photo)", method: .get, headers: [.cookie: reader])
            #expect(refused.status == .notFound)
            let noComments = try await client.execute(uri: "/images/\(photo)/comments", method: .get, headers: [.cookie: reader])
            #expect(noComments.status == .notFound)
            #expect(!String(buffer: noComments.body).contains("comment-form"), "nothing to comment on")
            #expect(!String(buffer: noComments.body).contains("For friends"), "nor its texts")
            #expect(!(try await page("/", client, reader)).contains("For friends"), "never in the feed")

            let profile = try await page("/@\(Self.owner)", client, reader)
            _ = try await client.post("/@\(Self.owner)/follow", form: ["csrf_token": try formToken(in: profile), "next": "/"], cookie: reader)
            let shown = try await page("/images/\(photo)", client, reader)
            #expect(shown.contains("For friends") && shown.contains(#"<span class="followers-only""#))
            #expect(shown.contains(#"action="/@\#(Self.owner)/mute""#) && shown.contains(#"href="/@\#(Self.owner)/block""#), "beside Report")
            #expect(try await page("/following", client, reader).contains("For friends"))
            #expect(try await client.execute(uri: "/images/\(photo)/comments", method: .get, headers: [.cookie: reader]).status == .ok)
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: reader]).status == .ok)

            let again = try await page("/@\(Self.owner)", client, reader)
            _ = try await client.post("/@\(Self.owner)/unfollow", form: ["csrf_token": try formToken(in: again), "next": "/"], cookie: reader)
            let bytes = try await client.execute(uri: "/feed-images/\(photo)?size=small", method: .get, headers: [.cookie: reader])
            #expect(bytes.status == .notFound, "the app serves its bytes to no one the API would not show it to")
        }
    }

    @Test func mutingAndBlocking_fromAProfile_sayWhatTheyDo_andCanBeUndone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let reader = try await client.logIn(as: Self.reader)
            let profile = try await page("/@\(Self.owner)", client, reader)
            let token = try formToken(in: profile)
            #expect(try await client.post("/@\(Self.owner)/mute", form: ["csrf_token": token], cookie: reader).headers[.location] == "/@\(Self.owner)")
            let muted = try await page("/@\(Self.owner)", client, reader)
            #expect(muted.contains("You mute this person") && muted.contains(">Unmute<"))

            #expect(muted.contains(#"<a class="relation-button block-button" href="/@\#(Self.owner)/block">"#), "a block is asked first")
            let confirmation = try await page("/@\(Self.owner)/block", client, reader)
            #expect(confirmation.contains("Block this person?") && confirmation.contains(#"<form class="confirm-deletion-form" method="post" action="/@\#(Self.owner)/block">"#))
            _ = try await client.post("/@\(Self.owner)/block", form: ["csrf_token": try formToken(in: confirmation)], cookie: reader)
            let blocked = try await page("/@\(Self.owner)", client, reader)
            #expect(blocked.contains("You block this person") && blocked.contains(">Unblock<") && !blocked.contains("follow-form"))
            let owner = try await client.logIn(as: Self.owner)
            let hidden = try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: owner])
            #expect(hidden.status == .notFound, "the blocked person finds no profile")

            _ = try await client.post("/@\(Self.owner)/unblock", form: ["csrf_token": token], cookie: reader)
            #expect(try await page("/@\(Self.owner)", client, reader).contains(">Block<"))
            #expect(try await client.post("/@\(Self.owner)/block", form: ["csrf_token": "forged"], cookie: reader).status == .forbidden)

            let header = try await client.post("/fragments/@\(Self.owner)/unmute", form: ["csrf_token": token], cookie: reader)
            #expect(header.status == .ok)
            #expect(String(buffer: header.body).hasPrefix(#"<section class="profile-header""#) && String(buffer: header.body).contains(">Mute<"))
            #expect(try await client.post("/fragments/@\(Self.owner)/mute", form: ["csrf_token": "forged"], cookie: reader).status == .forbidden)
        }
    }

    @Test func theSettingsList_whomTheReaderBlocksAndMutes_eachUndoneFromThere() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let reader = try await client.logIn(as: Self.reader)
            let settings = try await page("/settings/account", client, reader)
            #expect(settings.contains(#"<a class="data-link" href="/settings/blocked">People you block</a>"#))
            #expect(settings.contains(#"<a class="data-link" href="/settings/muted">People you mute</a>"#))
            #expect(try await page("/settings/blocked", client, reader).contains("You block nobody."))

            let token = try formToken(in: try await page("/@\(Self.owner)", client, reader))
            _ = try await client.post("/@\(Self.owner)/mute", form: ["csrf_token": token], cookie: reader)
            let muted = try await page("/settings/muted", client, reader)
            #expect(muted.contains(#"href="/@\#(Self.owner)""#) && muted.contains(#"action="/@\#(Self.owner)/unmute""#))
            #expect(muted.contains(#"<input type="hidden" name="next" value="/settings/muted">"#))
            #expect(!(try await page("/settings/blocked", client, reader)).contains(#"href="/@\#(Self.owner)""#))

            let undone = try await client.post("/@\(Self.owner)/unmute", form: ["csrf_token": token, "next": "/settings/muted"], cookie: reader)
            #expect(undone.status == .seeOther && undone.headers[.location] == "/settings/muted", "back to the list")
            #expect(try await page("/settings/muted", client, reader).contains("You mute nobody."))
            let elsewhere = try await client.post("/@\(Self.owner)/mute", form: ["csrf_token": token, "next": "https://elsewhere.example/"], cookie: reader)
            #expect(elsewhere.headers[.location] == "/@\(Self.owner)", "never anywhere else")
            let owner = try await client.logIn(as: Self.owner)
            #expect(try await page("/settings/muted", client, owner).contains("You mute nobody."), "each sees their own")
        }
    }

    @Test func theEveryoneTab_leavesOutThoseTheReaderMutes_andThoseWhoBlockThem_forThatReaderAlone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        let now = Mutex(fixedNow)
        let app = await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { now.withLock { $0 } })
        try await app.test(.router) { client in
            let ids = try await api.feedIDs().map { #"data-image-id="\#(UUIDText.string(from: $0))""# }
            func listed(_ path: String, for cookie: String) async throws -> [Bool] {
                let html = try await page(path, client, cookie)
                return ids.map { html.contains($0) }
            }
            let reader = try await client.logIn(as: Self.reader)
            #expect(try await listed("/?tab=everyone", for: reader) == [true, true])

            let token = try formToken(in: try await page("/@\(Self.owner)", client, reader))
            _ = try await client.post("/@\(Self.owner)/mute", form: ["csrf_token": token], cookie: reader)
            #expect(try await listed("/?tab=everyone", for: reader) == [false, false], "muted: at once")
            #expect(try await listed("/fragments/feed", for: reader) == [false, false])
            let owner = try await client.logIn(as: Self.owner)
            #expect(try await listed("/?tab=everyone", for: owner) == [true, true], "the page is the reader's alone")
            _ = try await client.post("/@\(Self.owner)/unmute", form: ["csrf_token": token], cookie: reader)
            #expect(try await listed("/?tab=everyone", for: reader) == [true, true])

            // Blocked by another client, not through the app: the kept answers expire first.
            #expect(try await apiSend("PUT", "v1/accounts/\(Self.reader)/block", token: try await apiToken(of: Self.owner, api), api) == 200)
            now.withLock { $0 += 31 }
            #expect(try await listed("/?tab=everyone", for: reader) == [false, false], "nor those who block the reader")
            #expect(try await listed("/?tab=everyone", for: owner) == [true, true])
        }
    }

    @Test func aPhotosScreen_offersToUnmuteItsMutedAuthor_andOffline_opensNoPhotoAcrossABlock() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let reader = try await client.logIn(as: Self.reader)
            _ = try await page("/?tab=everyone", client, reader)
            let before = try await page("/images/\(photo)", client, reader)
            #expect(before.contains(#"action="/@\#(Self.owner)/mute""#) && before.contains(">Mute<"))
            let token = try formToken(in: before)

            _ = try await client.post("/@\(Self.owner)/mute", form: ["csrf_token": token], cookie: reader)
            let muted = try await page("/images/\(photo)", client, reader)
            #expect(muted.contains(#"action="/@\#(Self.owner)/unmute""#) && muted.contains(">Unmute<"))
            #expect(!muted.contains(#"action="/@\#(Self.owner)/mute""#))
            let owner = try await client.logIn(as: Self.owner)
            #expect(!(try await page("/images/\(photo)", client, owner)).contains("relation-form"), "nothing to mute on one's own photo")

            _ = try await client.post("/@\(Self.owner)/unmute", form: ["csrf_token": token], cookie: reader)
            #expect(try await page("/images/\(photo)", client, reader).contains(#"action="/@\#(Self.owner)/mute""#))
            api.mode = .offline
            #expect(try await client.execute(uri: "/images/\(photo)", method: .get, headers: [.cookie: reader]).status == .ok, "cached, offline")

            api.mode = .online
            let confirmation = try await page("/@\(Self.owner)/block", client, reader)
            _ = try await client.post("/@\(Self.owner)/block", form: ["csrf_token": try formToken(in: confirmation)], cookie: reader)
            api.mode = .offline
            let blocked = try await client.execute(uri: "/images/\(photo)", method: .get, headers: [.cookie: reader])
            #expect(blocked.status == .notFound, "the API shows no photo across a block, nor does the app's cache")
        }
    }

    private func page(_ path: String, _ client: some TestClientProtocol, _ cookie: String) async throws -> String {
        let response = try await client.execute(uri: path, method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok, "\(path)")
        return String(buffer: response.body)
    }

    @Test func aPhotosBytes_areServedAsLongAsTheAPIShowsItToTheReader_whateverChangedElsewhere() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 3)
        let now = Mutex(fixedNow)
        let app = await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { now.withLock { $0 } })
        try await app.test(.router) { client in
            let reader = try await client.logIn(as: Self.reader)
            let ids = try await api.feedIDs()
            _ = try await page("/?tab=everyone", client, reader)
            for id in ids {
                #expect(try await client.execute(uri: "/feed-images/\(id.uuidString)", method: .get, headers: [.cookie: reader]).status == .ok)
            }

            // Changed through the API by another client, not through the app.
            let owner = try await apiToken(of: Self.owner, api)
            #expect(try await apiSend("DELETE", "v1/image/\(ids[0].uuidString)", token: owner, api) == 204)
            #expect(try await apiSend("PATCH", "v1/image/\(ids[1].uuidString)", token: owner, body: ["visibility": "followers"], api) == 200)
            #expect(
                try await client.execute(uri: "/feed-images/\(ids[0].uuidString)", method: .get, headers: [.cookie: reader]).status == .ok,
                "the API's answer is kept a short while")

            now.withLock { $0 += 31 }
            for id in ids.prefix(2) {
                let bytes = try await client.execute(uri: "/feed-images/\(id.uuidString)?size=full", method: .get, headers: [.cookie: reader])
                #expect(bytes.status == .notFound, "deleted, then for followers only")
            }
            #expect(try await client.execute(uri: "/feed-images/\(ids[2].uuidString)", method: .get, headers: [.cookie: reader]).status == .ok)

            #expect(try await apiSend("PUT", "v1/accounts/\(Self.reader)/block", token: owner, api) == 200)
            now.withLock { $0 += 31 }
            #expect(try await client.execute(uri: "/feed-images/\(ids[2].uuidString)", method: .get, headers: [.cookie: reader]).status == .notFound)

            api.mode = .offline
            now.withLock { $0 += 31 }
            #expect(
                try await client.execute(uri: "/feed-images/\(ids[2].uuidString)", method: .get, headers: [.cookie: reader]).status == .notFound,
                "the API unreachable, its last answer stands")
        }
    }

    @Test func aBlockThroughTheApp_hidesEachOnesPhotosFromTheOther_atOnce() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let reader = try await client.logIn(as: Self.reader)
            _ = try await page("/?tab=everyone", client, reader)
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: reader]).status == .ok)

            let owner = try await client.logIn(as: Self.owner)
            let confirmation = try await page("/@\(Self.reader)/block", client, owner)
            _ = try await client.post("/@\(Self.reader)/block", form: ["csrf_token": try formToken(in: confirmation)], cookie: owner)

            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: reader]).status == .notFound)
        }
    }

    @Test func aFollowersOnlyPhoto_isNotServedToAReaderTheAPINeverAnsweredFor_whileItCannotBeAsked() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 1)
        let owner = try await apiToken(of: Self.owner, api)
        #expect(try await apiSend("PATCH", "v1/image/\(api.imageID.uuidString)", token: owner, body: ["visibility": "followers"], api) == 200)
        try await makeApp(api: api).test(.router) { client in
            let photo = UUIDText.string(from: api.imageID)
            let ownerCookie = try await client.logIn(as: Self.owner)
            _ = try await page("/images/\(photo)", client, ownerCookie)
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: ownerCookie]).status == .ok)
            let reader = try await client.logIn(as: Self.reader)

            api.mode = .offline
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: reader]).status == .notFound)
            #expect(try await client.execute(uri: "/feed-images/\(photo)", method: .get, headers: [.cookie: ownerCookie]).status == .ok, "its owner's answer stands")
        }
    }

    private func apiToken(of username: String, _ api: InProcessFeedAPI) async throws -> String {
        var request = URLRequest(url: apiBaseURL.appending(path: "v1/sessions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["username": username, "password": InProcessFeedAPI.password])
        let (data, _) = try await api.send(request)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["token"] as? String ?? ""
    }

    private func apiSend(_ method: String, _ path: String, token: String, body: [String: String]? = nil, _ api: InProcessFeedAPI) async throws -> Int {
        var request = URLRequest(url: apiBaseURL.appending(path: path))
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        return try await api.send(request).1.statusCode
    }

    private func makeApp(api: InProcessFeedAPI) async -> some ApplicationProtocol {
        await AppServer.buildApplication(.init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
