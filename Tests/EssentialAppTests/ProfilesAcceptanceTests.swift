import EssentialApp
import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InProcessFeedAPI
import PhotoFixtures
import Testing

@Suite struct ProfilesAcceptanceTests {
    private static let reader = InProcessFeedAPI.otherUsername
    private static let author = InProcessFeedAPI.username

    @Test func profile_showsThePersonTheirCountsAndTheirPhotosAsAGrid() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 3)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let response = try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: cookie])
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("Essential-Feed-Keep")!] == "fresh")
            #expect(html.contains(#"<h1 class="profile-name">Maria Silva</h1>"#))
            #expect(html.contains(#"<li data-count="posts">3 posts</li>"#))
            #expect(html.contains(#"<li data-count="followers"><a href="/@maria.silva/followers">0 followers</a></li>"#))
            #expect(html.occurrences(of: #"<li class="profile-cell""#) == 3)
            #expect(html.contains(#"<a href="/images/\#(UUIDText.string(from: api.imageID))?by=maria.silva">"#))
            #expect(html.contains(#"action="/@maria.silva/follow""#))
            #expect(html.contains(#"<script type="module" src="/assets/profile."#))
        }
    }

    @Test func aPersonsPicture_showsOnTheirProfileAndPosts_servedByTheApp_evenWithTheAPIGone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await api.setAvatar(ofAccountNamed: Self.author, from: try PhotoFixtures.photo(width: 500, height: 300))
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let profile = String(buffer: try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: cookie]).body)
            let feed = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: cookie]).body)

            let large = try #require(profile.firstMatch(of: /<img class="avatar avatar-large avatar-picture" src="(\/avatars\/[0-9a-f]{64}\.jpg)"/))
            let inline = try #require(feed.firstMatch(of: /<a class="author-link" href="\/@maria.silva"><img class="avatar avatar-inline avatar-picture" src="(\/avatars\/[0-9a-f]{64}\.jpg)"/))
            #expect(large.output.1 != inline.output.1, "the profile shows the larger square")
            let picture = try await client.execute(uri: String(large.output.1), method: .get, headers: [.cookie: cookie])
            #expect(picture.status == .ok)
            #expect(picture.headers[.contentType] == "image/jpeg")
            #expect(picture.headers[.cacheControl] == "private, max-age=31536000, immutable")

            api.mode = .offline
            let kept = try await client.execute(uri: String(large.output.1), method: .get, headers: [.cookie: cookie])
            #expect(kept.status == .ok, "a picture seen once is kept on the app's disk")
            let unknown = try await client.execute(uri: "/avatars/\(String(repeating: "a", count: 64)).jpg", method: .get, headers: [.cookie: cookie])
            #expect(unknown.status != .ok)
            let invalid = try await client.execute(uri: "/avatars/..%2F..%2Fetc%2Fpasswd", method: .get, headers: [.cookie: cookie])
            #expect(invalid.status == .notFound)
        }
    }

    @Test func follow_withoutScripts_returnsToWhereItWasSent_andTheProfileCountsIt() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/@\(Self.author)", cookie: cookie)

            let follow = try await client.post(
                "/@\(Self.author)/follow", form: ["csrf_token": token, "next": "/following"], headers: [.cookie: cookie])
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: cookie]).body)

            #expect(follow.status == .seeOther)
            #expect(follow.headers[.location] == "/following")
            #expect(profile.contains(#">1 follower</a></li>"#))
            #expect(profile.contains(#"action="/@maria.silva/unfollow""#))
            #expect(profile.contains(#"<button type="submit" class="follow-button following">Unfollow<span class="visually-hidden"> Maria Silva</span>"#))
        }
    }

    @Test func follow_fromTheScript_answersTheNewHeader_andUnfollowUndoesIt() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/@\(Self.author)", cookie: cookie)

            let followed = try await client.post("/fragments/@\(Self.author)/follow", form: ["csrf_token": token], headers: [.cookie: cookie])
            let unfollowed = try await client.post("/fragments/@\(Self.author)/unfollow", form: ["csrf_token": token], headers: [.cookie: cookie])

            #expect(followed.status == .ok)
            #expect(String(buffer: followed.body).hasPrefix(#"<section class="profile-header" data-role="profile-header">"#))
            #expect(String(buffer: followed.body).contains("1 follower<"))
            #expect(String(buffer: unfollowed.body).contains("0 followers<"))
            #expect(String(buffer: unfollowed.body).contains(#"<button type="submit" class="follow-button">Follow<span"#))
        }
    }

    @Test func follow_isRefusedWithoutTheFormsToken_andDoesNothing() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let refused = try await client.post("/@\(Self.author)/follow", form: ["csrf_token": "forged"], headers: [.cookie: cookie])
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: cookie]).body)

            #expect(refused.status == .forbidden)
            #expect(profile.contains("0 followers<"))
        }
    }

    @Test func followingTab_invitesToFollow_thenShowsTheirPhotosOnceFollowed() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let before = String(buffer: try await client.execute(uri: "/following", method: .get, headers: [.cookie: cookie]).body)
            let token = try formToken(in: before)
            _ = try await client.post("/@\(Self.author)/follow", form: ["csrf_token": token], headers: [.cookie: cookie])
            let after = String(buffer: try await client.execute(uri: "/fragments/following", method: .get, headers: [.cookie: cookie]).body)

            #expect(before.contains(#"<div class="empty-state timeline-invitation" data-role="empty">"#))
            #expect(before.contains(#"<a class="suggestion-link" href="/@maria.silva">"#))
            #expect(before.contains(#"<a class="feed-tab" href="/following" data-tab="following" aria-current="page">Following</a>"#))
            #expect(after.occurrences(of: #"<article class="feed-item""#) == 2)
            #expect(after.contains(#"<a class="author-link" href="/@maria.silva">"#))
        }
    }

    @Test(arguments: [
        ("ef_feed_tab=following", true), ("  ef_feed_tab=following  ", true), ("ef_feed_tab=everyone", false),
        ("ef_feed_tab=followingx", false), ("xef_feed_tab=following", false)
    ])
    func feedAddress_opensTheTabTheCookieKeeps(tabCookie: String, opensFollowing: Bool) async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: "\(cookie);\(tabCookie)"])

            #expect((response.headers[.location] == "/following") == opensFollowing)
            #expect((response.status == .ok) == !opensFollowing)
        }
    }

    @Test func peopleToFollow_areSoughtPastAFirstPageOfOneBusyPoster() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: FeedEndpoint.pageSize + 1)
        try await api.addAccount("rita", postingOldestPhoto: true)
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let screen = String(buffer: try await client.execute(uri: "/following", method: .get, headers: [.cookie: cookie]).body)

            #expect(screen.contains(#"<a class="suggestion-link" href="/@maria.silva">"#))
            #expect(screen.contains(#"<a class="suggestion-link" href="/@rita">"#), "found on a later page")
        }
    }

    @Test func oddNames_areAddressesTheAppDoesNotHave_andUnknownOnesToo() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            for name in ["nobody", "%00", "..%2F..%2Fetc", String(repeating: "a", count: 500), "%E2%80%AEabc", "a%0Ab", "%D0%B0dmin", "..", ".", "..."] {
                let response = try await client.execute(uri: "/@\(name)", method: .get, headers: [.cookie: cookie])
                #expect(response.status == .notFound, "\(name)")
            }
            #expect(!api.requests.contains { $0.path.contains("/accounts/.") }, "a name of dots alone never reaches the API")
        }
    }

    @Test func photosAfterOneThatIsNotTheirs_areNotFound_onTheScreenAndForTheScript() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let unknown = "00000000-0000-0000-0000-000000000000"

            let screen = try await client.execute(uri: "/@\(Self.author)?after=\(unknown)", method: .get, headers: [.cookie: cookie])
            let fragment = try await client.execute(uri: "/fragments/@\(Self.author)/photos?after=\(unknown)", method: .get, headers: [.cookie: cookie])

            #expect(screen.status == .notFound)
            #expect(fragment.status == .notFound)
            #expect(String(buffer: fragment.body).hasPrefix(#"<p data-fragment="error""#))
        }
    }

    @Test func followingOneself_isRefusedForWhatItIs_andAProfileHasOneAddress() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/@\(Self.reader)", cookie: cookie)

            let form = try await client.post("/@\(Self.reader)/follow", form: ["csrf_token": token], headers: [.cookie: cookie])
            let script = try await client.post("/fragments/@\(Self.reader)/follow", form: ["csrf_token": token], headers: [.cookie: cookie])
            let otherSpelling = try await client.execute(uri: "/@Maria.Silva", method: .get, headers: [.cookie: cookie])

            #expect(form.status == .badRequest)
            #expect(script.status == .badRequest)
            #expect(otherSpelling.status == .movedPermanently)
            #expect(otherSpelling.headers[.location] == "/@maria.silva")
        }
    }

    @Test func followersAndFollowing_listThePeople_leadingToTheirProfiles() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/@\(Self.author)", cookie: cookie)
            _ = try await client.post("/@\(Self.author)/follow", form: ["csrf_token": token], headers: [.cookie: cookie])

            let followers = try await client.execute(uri: "/@\(Self.author)/followers", method: .get, headers: [.cookie: cookie])
            let following = String(buffer: try await client.execute(uri: "/@\(Self.author)/following", method: .get, headers: [.cookie: cookie]).body)
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: cookie]).body)
            let gone = try await client.execute(uri: "/@\(Self.author)/followers?after=nobody", method: .get, headers: [.cookie: cookie])
            let odd = try await client.execute(uri: "/@\(Self.author)/followers?after=%00", method: .get, headers: [.cookie: cookie])

            #expect(followers.status == .ok)
            #expect(String(buffer: followers.body).contains(#"<a class="suggestion-link" href="/@joao.pereira">"#))
            #expect(String(buffer: followers.body).contains("<h1>Followers</h1>"))
            #expect(following.contains("Not following anyone yet."))
            #expect(profile.contains(#"<a href="/@maria.silva/followers">1 follower</a>"#))
            #expect(gone.status == .seeOther)
            #expect(gone.headers[.location] == "/@maria.silva/followers")
            #expect(odd.status == .badRequest)
        }
    }

    @Test func theFeedOpensOnTheTabChosenLast_andEveryoneStaysReachable() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let keepingFollowing = "\(cookie); ef_feed_tab=following"

            let plain = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            let kept = try await client.execute(uri: "/", method: .get, headers: [.cookie: keepingFollowing])
            let everyone = try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: keepingFollowing])
            let everyoneTab = try await client.execute(uri: "/", method: .get, headers: [.cookie: "\(cookie); ef_feed_tab=everyone"])

            #expect(plain.status == .ok)
            #expect(kept.status == .seeOther)
            #expect(kept.headers[.location] == "/following")
            #expect(everyone.status == .ok)
            #expect(String(buffer: everyone.body).contains(#"<a class="feed-tab" href="/?tab=everyone" data-tab="everyone" aria-current="page">"#))
            #expect(everyoneTab.status == .ok)
        }
    }

    @Test func aPhotoOpenedFromAProfile_leadsBackThere_andItsArrowsWalkThatPersonsPhotos() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 3)
        let ids = try await api.feedIDs().map { UUIDText.string(from: $0) }
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let middle = String(buffer: try await client.execute(uri: "/images/\(ids[1])?by=maria.silva", method: .get, headers: [.cookie: cookie]).body)
            let stranger = String(buffer: try await client.execute(uri: "/images/\(ids[1])?by=joao.pereira", method: .get, headers: [.cookie: cookie]).body)
            let odd = try await client.execute(uri: "/images/\(ids[1])?by=%00", method: .get, headers: [.cookie: cookie])

            #expect(middle.contains(#"<a class="back-link" data-action="back" href="/@maria.silva"><span aria-hidden="true">←</span> <span class="back-link-label">Maria Silva</span></a>"#))
            #expect(middle.contains(#"data-previous="/images/\#(ids[0])?by=maria.silva" data-next="/images/\#(ids[2])?by=maria.silva""#))
            #expect(!stranger.contains("?by="))
            #expect(odd.status == .badRequest)
        }
    }

    @Test func aPhotoPastTheFirstScreenOfTheGrid_stillWalksBackToTheOneBeforeIt() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: ProfileEndpoint.photosPageSize + 2)
        let ids = try await api.feedIDs().map { UUIDText.string(from: $0) }
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let deep = ProfileEndpoint.photosPageSize
            let html = String(buffer: try await client.execute(uri: "/images/\(ids[deep])?by=maria.silva", method: .get, headers: [.cookie: cookie]).body)
            let last = String(buffer: try await client.execute(uri: "/images/\(ids[deep + 1])?by=maria.silva", method: .get, headers: [.cookie: cookie]).body)

            #expect(html.contains(#"data-previous="/images/\#(ids[deep - 1])?by=maria.silva" data-next="/images/\#(ids[deep + 1])?by=maria.silva""#))
            #expect(last.contains(#"data-previous="/images/\#(ids[deep])?by=maria.silva""#))
        }
    }

    @Test func withTheAPIDown_profilesAndTheirListsSaySoWithAGatewayError() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            api.mode = .offline

            for path in ["/@\(Self.author)", "/@\(Self.author)/followers", "/@\(Self.author)/following"] {
                let response = try await client.execute(uri: path, method: .get, headers: [.cookie: cookie])
                #expect(response.status == .badGateway, "\(path)")
                #expect(String(buffer: response.body).contains("This profile could not be loaded."), "\(path)")
            }
        }
    }

    @Test func withTheAPIDown_aReadersTimelineShowsAsTheySawItLast_toThemAlone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 2)
        try await makeApp(api: api).test(.router) { client in
            let reader = try await client.logIn(as: Self.reader)
            let author = try await client.logIn(as: Self.author)
            let feed = String(buffer: try await client.execute(uri: "/following", method: .get, headers: [.cookie: reader]).body)
            _ = try await client.post("/@\(Self.author)/follow", form: ["csrf_token": try formToken(in: feed)], headers: [.cookie: reader])
            let online = String(buffer: try await client.execute(uri: "/following", method: .get, headers: [.cookie: reader]).body)
            #expect(online.occurrences(of: #"<article class="feed-item""#) == 2)
            // Another log-in with that username (another device, or a later account of that name).
            let anotherLogIn = try await client.logIn(as: Self.reader)

            api.mode = .offline
            let elsewhere = try await client.execute(uri: "/following", method: .get, headers: [.cookie: anotherLogIn])
            #expect(!String(buffer: elsewhere.body).contains(#"<article class="feed-item""#), "kept for that log-in alone")
            let kept = try await client.execute(uri: "/following", method: .get, headers: [.cookie: reader])
            let keptFragment = try await client.execute(uri: "/fragments/following", method: .get, headers: [.cookie: reader])
            let others = try await client.execute(uri: "/following", method: .get, headers: [.cookie: author])

            #expect(kept.status == .ok)
            #expect(String(buffer: kept.body).occurrences(of: #"<article class="feed-item""#) == 2)
            #expect(String(buffer: kept.body).contains("Offline — showing the feed saved moments ago"))
            #expect(kept.headers[HTTPField.Name("Essential-Feed-Keep")!] == "saved=\(Int64(fixedNow.timeIntervalSince1970 * 1_000))")
            #expect(String(buffer: keptFragment.body).occurrences(of: #"<article class="feed-item""#) == 2)
            #expect(!String(buffer: others.body).contains(#"<article class="feed-item""#), "another person never sees it")
            #expect(others.headers[HTTPField.Name("Essential-Feed-Keep")!] == nil)
        }
    }

    @Test func withTheAPIDown_aProfileShowsAsTheReaderSawItLast_sayingSince_toThemAlone() async throws {
        let api = try await InProcessFeedAPI.make(feedSize: 3)
        try await makeApp(api: api).test(.router) { client in
            let reader = try await client.logIn(as: Self.reader)
            let author = try await client.logIn(as: Self.author)
            let seen = String(buffer: try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: reader]).body)
            _ = try await client.post("/@\(Self.author)/follow", form: ["csrf_token": try formToken(in: seen)], headers: [.cookie: reader])
            _ = try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: reader])

            api.mode = .offline
            let kept = try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: reader])
            let others = try await client.execute(uri: "/@\(Self.author)", method: .get, headers: [.cookie: author])
            let html = String(buffer: kept.body)

            #expect(kept.status == .ok)
            #expect(html.contains("Offline — showing this profile as saved moments ago"))
            #expect(html.occurrences(of: #"<li class="profile-cell""#) == 3)
            #expect(html.contains(#"<li data-count="followers"><a href="/@maria.silva/followers">1 follower</a></li>"#))
            #expect(html.contains(#"action="/@maria.silva/unfollow""#), "as the reader saw it: following")
            #expect(kept.headers[HTTPField.Name("Essential-Feed-Keep")!] == "saved=\(Int64(fixedNow.timeIntervalSince1970 * 1_000))")
            #expect(others.status == .badGateway, "another person never sees it")
            #expect(!String(buffer: others.body).contains("profile-cell"))
        }
    }

    @Test func profile_withoutASession_sendsTheBrowserToLogIn() async throws {
        try await makeApp().test(.router) { client in
            let response = try await client.execute(uri: "/@\(Self.author)", method: .get)

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login?next=/@maria.silva")
        }
    }

    @Test func settings_changeTheNameAndBio_andTheProfileShowsThem() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let screen = String(buffer: try await client.execute(uri: "/settings/profile", method: .get, headers: [.cookie: cookie]).body)
            let token = try formToken(in: screen)

            let saved = try await client.post(
                "/settings/profile", form: ["csrf_token": token, "display_name": "  João <P>  ", "bio": "Line one\r\nline two"],
                headers: [.cookie: cookie])
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: cookie]).body)

            #expect(screen.contains(#"name="display_name" maxlength="50" required value="João Pereira""#))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/@joao.pereira")
            #expect(profile.contains(#"<h1 class="profile-name">João &lt;P&gt;</h1>"#))
            #expect(profile.contains("<p class=\"profile-bio\">Line one\nline two</p>"))
            #expect(profile.contains(#"<a class="edit-profile-link" href="/settings/profile">Edit profile</a>"#))
            #expect(profile.contains(#"<span class="account-display-name">João &lt;P&gt;</span>"#), "the header names them anew")
        }
    }

    @Test func settings_refuseWhatTheAPIWouldNotKeep_sayingWhyAndKeepingWhatWasTyped() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/settings/profile", cookie: cookie)

            let empty = try await client.post(
                "/settings/profile", form: ["csrf_token": token, "display_name": "\u{200B} ", "bio": "kept"], headers: [.cookie: cookie])
            let long = try await client.post(
                "/settings/profile", form: ["csrf_token": token, "display_name": "Jo", "bio": String(repeating: "b", count: 301)],
                headers: [.cookie: cookie])
            let forged = try await client.post(
                "/settings/profile", form: ["csrf_token": "forged", "display_name": "Mallory", "bio": ""], headers: [.cookie: cookie])
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: cookie]).body)

            #expect(empty.status == .badRequest)
            #expect(String(buffer: empty.body).contains("Your name needs at least one visible character."))
            #expect(String(buffer: empty.body).contains(">kept</textarea>"))
            #expect(long.status == .badRequest)
            #expect(String(buffer: long.body).contains("at most 300 characters"))
            #expect(forged.status == .forbidden)
            #expect(profile.contains(#"<h1 class="profile-name">João Pereira</h1>"#))
        }
    }

    @Test func settings_sendAPicture_previewedBeforeIt_andShownOnTheProfile_thenRemoved() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let before = try await client.execute(uri: "/settings/profile", method: .get, headers: [.cookie: cookie])
            let screen = String(buffer: before.body)
            let token = try formToken(in: screen)

            let sent = try await client.postPhoto(
                to: "/settings/avatar", fields: ["csrf_token": token], photo: try PhotoFixtures.photo(width: 300, height: 300), cookie: cookie)
            let after = String(buffer: try await client.execute(uri: "/settings/profile", method: .get, headers: [.cookie: cookie]).body)
            let profile = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: cookie]).body)

            #expect(screen.contains(#"<form class="avatar-form" method="post" action="/settings/avatar" enctype="multipart/form-data" data-max-bytes="20000000""#))
            #expect(screen.contains(#"accept="image/jpeg,image/png,image/webp" required data-role="avatar-file""#))
            #expect(!screen.contains("Remove picture"), "nothing to remove yet")
            #expect(before.headers[.contentSecurityPolicy]?.contains("img-src 'self' blob:") == true, "the preview shows the chosen file")
            #expect(screen.contains(#"<script type="module" src="/assets/profile-settings."#))
            #expect(sent.status == .seeOther)
            #expect(sent.headers[.location] == "/settings/profile")
            #expect(after.contains(#"<img class="avatar avatar-large avatar-picture" src="/avatars/"#))
            #expect(after.contains("Remove picture"))
            #expect(profile.contains(#"<img class="avatar avatar-large avatar-picture" src="/avatars/"#))
            #expect(profile.contains(#"<img class="account-picture" src="/avatars/"#), "every screen's header shows it at once")
            #expect(!profile.contains(#"class="account-initial""#))
            _ = try await client.post("/settings/profile", form: ["csrf_token": token, "display_name": "Jo P", "bio": ""], headers: [.cookie: cookie])
            let renamed = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: cookie]).body)
            #expect(renamed.contains(#"<img class="account-picture" src="/avatars/"#), "a new name keeps the picture")

            let removed = try await client.post("/settings/avatar/remove", form: ["csrf_token": token], headers: [.cookie: cookie])
            let withoutPicture = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: cookie]).body)
            #expect(removed.status == .seeOther)
            #expect(!withoutPicture.contains("avatar-picture"))
            #expect(!withoutPicture.contains("account-picture") && withoutPicture.contains(#"class="account-initial""#), "and its removal")
        }
    }

    @Test func anotherLogInsHeader_showsAPictureChangedElsewhere_onceItSeesTheirProfile() async throws {
        let api = try await InProcessFeedAPI.make()
        try await makeApp(api: api).test(.router) { client in
            let here = try await client.logIn(as: Self.reader)
            let elsewhere = try await client.logIn(as: Self.reader)
            let token = try formToken(in: String(buffer: try await client.execute(uri: "/settings/profile", method: .get, headers: [.cookie: here]).body))
            _ = try await client.postPhoto(
                to: "/settings/avatar", fields: ["csrf_token": token], photo: try PhotoFixtures.photo(width: 300, height: 300), cookie: here)

            let profile = String(buffer: try await client.execute(uri: "/@\(Self.reader)", method: .get, headers: [.cookie: elsewhere]).body)
            let later = String(buffer: try await client.execute(uri: "/?tab=everyone", method: .get, headers: [.cookie: elsewhere]).body)
            #expect(profile.contains(#"<img class="account-picture" src="/avatars/"#))
            #expect(later.contains(#"<img class="account-picture" src="/avatars/"#), "and keeps it")

            _ = try await client.post("/settings/avatar/remove", form: ["csrf_token": token], headers: [.cookie: here])
            let settings = String(buffer: try await client.execute(uri: "/settings/profile", method: .get, headers: [.cookie: elsewhere]).body)
            #expect(!settings.contains("account-picture"), "its removal too")
        }
    }

    @Test func aPictureOverTheLimitSentWithoutTheScript_getsAPageSayingSo_andTheConnectionCloses() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)

            let response = try await client.execute(
                uri: "/settings/avatar", method: .post,
                headers: [.cookie: cookie, .contentType: "multipart/form-data; boundary=b", .contentLength: "30000000", .accept: "text/html"])
            let html = String(buffer: response.body)

            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.connection] == "close")
            #expect(html.contains("<h1>Too large</h1>") || html.contains(">Too large<"))
            #expect(html.contains("20 MB"))
            #expect(html.contains(#"href="/settings/profile""#))
        }
    }

    @Test func settings_refuseAPictureTheAPIWouldNot_sayingWhy_andAFormFromElsewhere() async throws {
        try await makeApp().test(.router) { client in
            let cookie = try await client.logIn(as: Self.reader)
            let token = try await client.csrfToken(onScreen: "/settings/profile", cookie: cookie)

            let notAPhoto = try await client.postPhoto(to: "/settings/avatar", fields: ["csrf_token": token], photo: Data("<svg/>".utf8), cookie: cookie)
            let noFile = try await client.postPhoto(to: "/settings/avatar", fields: ["csrf_token": token], photo: nil, cookie: cookie)
            let forged = try await client.postPhoto(
                to: "/settings/avatar", fields: ["csrf_token": "forged"], photo: try PhotoFixtures.photo(width: 64, height: 64), cookie: cookie)
            let forgedRemoval = try await client.post("/settings/avatar/remove", form: ["csrf_token": "forged"], headers: [.cookie: cookie])

            #expect(notAPhoto.status == .unsupportedMediaType)
            #expect(String(buffer: notAPhoto.body).contains(#"<p class="form-error" id="avatar-error" role="alert">"#))
            #expect(String(buffer: notAPhoto.body).contains(#"<input type="text" id="profile-display-name" name="display_name" maxlength="50" required value="João Pereira""#))
            #expect(noFile.status == .badRequest)
            #expect(forged.status == .forbidden)
            #expect(forgedRemoval.status == .forbidden)
            let reopened = try await client.execute(uri: "/settings/avatar", method: .get, headers: [.cookie: cookie])
            #expect(reopened.status == .seeOther, "the address a refusal leaves opens the settings again")
            #expect(reopened.headers[.location] == "/settings/profile")
        }
    }

    private func makeApp(api: InProcessFeedAPI? = nil) async throws -> some ApplicationProtocol {
        let api = if let api { api } else { try await InProcessFeedAPI.make() }
        return await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL), httpClient: api, store: InMemoryFeedStore(), currentDate: { fixedNow })
    }
}
