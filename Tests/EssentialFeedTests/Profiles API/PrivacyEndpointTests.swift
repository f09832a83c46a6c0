import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PrivacyEndpointTests {
    private let base = URL(string: "http://127.0.0.1:8081/essential-feed")!

    @Test func anUpdate_patchesOnlyWhatIsGiven() throws {
        let both = try PrivacyEndpoint.update(isLocked: true, defaultVisibility: .followers).request(baseURL: base)
        let one = try PrivacyEndpoint.update(isLocked: false, defaultVisibility: nil).request(baseURL: base)

        #expect(both.httpMethod == "PATCH")
        #expect(both.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/me")
        #expect(try body(of: both) as NSDictionary == ["locked": true, "default_visibility": "followers"])
        #expect(try body(of: one) as NSDictionary == ["locked": false])
    }

    @Test func followRequests_arePagedByName_andAnsweredByName_oneSegmentWhateverItHolds() throws {
        let first = try PrivacyEndpoint.followRequests(after: nil).request(baseURL: base)
        let next = try PrivacyEndpoint.followRequests(after: "ana.m").request(baseURL: base)
        let accept = try PrivacyEndpoint.accept(username: "ana.m").request(baseURL: base)
        let reject = try PrivacyEndpoint.reject(username: "a/b").request(baseURL: base)

        #expect(first.httpMethod == "GET" && first.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/follow-requests?limit=50")
        #expect(next.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/follow-requests?limit=50&after=ana.m")
        #expect(accept.httpMethod == "POST" && accept.url?.path() == "/essential-feed/v1/follow-requests/ana.m/accept")
        #expect(reject.httpMethod == "POST" && reject.url?.path(percentEncoded: true) == "/essential-feed/v1/follow-requests/a%2Fb/reject")
    }

    @Test func whomOneBlocksAndMutes_isAskedAPageAtATime_afterAName() {
        let blocked = SilencedPeopleEndpoint.blocked(after: nil).request(baseURL: base)
        let muted = SilencedPeopleEndpoint.muted(after: "ana.m").request(baseURL: base)

        #expect(blocked.httpMethod == "GET" && blocked.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/me/blocks?limit=50")
        #expect(muted.url?.absoluteString == "http://127.0.0.1:8081/essential-feed/v1/me/mutes?limit=50&after=ana.m")
    }

    @Test func blockingAndMuting_putAndDeleteOnTheAccount() throws {
        let cases: [(PrivacyEndpoint, String, String)] = [
            (.block(username: "rita"), "PUT", "block"), (.unblock(username: "rita"), "DELETE", "block"),
            (.mute(username: "rita"), "PUT", "mute"), (.unmute(username: "rita"), "DELETE", "mute")
        ]
        for (endpoint, method, last) in cases {
            let request = try endpoint.request(baseURL: base)
            #expect(request.httpMethod == method)
            #expect(request.url?.path() == "/essential-feed/v1/accounts/rita/\(last)")
        }
    }

    @Test func theMapper_tellsEachAnswerApart() throws {
        try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 204))
        try PrivacyMapper.done(Data("{}".utf8), from: HTTPURLResponse(statusCode: 200))
        #expect(throws: PrivacyMapper.Error.authenticationRequired) { try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 401)) }
        #expect(throws: PrivacyMapper.Error.refused) { try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 403)) }
        #expect(throws: PrivacyMapper.Error.refused) { try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 400)) }
        #expect(throws: ResourceNotFoundError()) { try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: PrivacyMapper.Error.invalidData) { try PrivacyMapper.done(Data(), from: HTTPURLResponse(statusCode: 502)) }

        let page = Data(#"{"items":[{"username":"ana","display_name":"Ana","avatar":null,"requested_at":"2026-11-22T10:00:00+0000"}]}"#.utf8)
        #expect(try PrivacyMapper.followRequests(page, from: HTTPURLResponse(statusCode: 200)).map(\.username) == ["ana"])
        #expect(throws: PrivacyMapper.Error.authenticationRequired) { try PrivacyMapper.followRequests(Data(), from: HTTPURLResponse(statusCode: 401)) }
    }

    @Test func whatTheAPISaysOfPrivacy_reachesTheModels() throws {
        var item = makeFeedItem().json
        item["visibility"] = "followers"
        #expect(try FeedItemsMapper.map(makeFeedItemsJSON([item]), from: HTTPURLResponse(statusCode: 200)).first?.visibility == .followers)
        item["visibility"] = "circle"
        #expect(
            try FeedItemsMapper.map(makeFeedItemsJSON([item]), from: HTTPURLResponse(statusCode: 200)).first?.visibility == .followers,
            "one the app does not know is taken as the narrower")
        item["visibility"] = nil
        #expect(try FeedItemsMapper.map(makeFeedItemsJSON([item]), from: HTTPURLResponse(statusCode: 200)).first?.visibility == .public)

        let profile = Data(
            #"{"username":"rita","display_name":"Rita","bio":"","posts_count":1,"followers_count":0,"following_count":0,"locked":true,"following":false,"requested":true,"blocking":false,"muting":true}"#
                .utf8)
        let mapped = try ProfileMapper.map(profile, from: HTTPURLResponse(statusCode: 200))
        #expect(mapped.isLocked && mapped.isRequestedByReader && mapped.isMutedByReader && !mapped.isBlockedByReader)

        let follow = Data(#"{"following":false,"requested":true,"followers_count":3}"#.utf8)
        #expect(try FollowStateMapper.map(follow, from: HTTPURLResponse(statusCode: 200)) == FollowState(isFollowing: false, followersCount: 3, isRequested: true))

        let me = Data(#"{"two_factor":false,"can_invite":true,"locked":true,"default_visibility":"followers","follow_requests":2}"#.utf8)
        let status = try AccountSettingsMapper.status(me, from: HTTPURLResponse(statusCode: 200))
        #expect(status.isLocked && status.defaultVisibility == .followers && status.followRequestCount == 2)
    }

    @Test func aPost_andAnEdit_sayWhoMaySeeIt_onlyWhenChosen() throws {
        var image = NewFeedImage(data: Data("photo".utf8))
        image.visibility = .followers
        let posted = FeedImagePostingEndpoint.post(image).request(baseURL: base, boundary: "B")
        #expect(String(decoding: posted.httpBody ?? Data(), as: UTF8.self).contains("name=\"visibility\"\r\n\r\nfollowers\r\n"))
        let unchosen = FeedImagePostingEndpoint.post(NewFeedImage(data: Data("photo".utf8))).request(baseURL: base, boundary: "B")
        #expect(!String(decoding: unchosen.httpBody ?? Data(), as: UTF8.self).contains("visibility"))

        var texts = PostTexts(description: "", location: "", alternativeText: "", contentWarning: "")
        texts.visibility = .public
        let edit = try OwnPostEndpoint.edit(imageID: UUID(), texts: texts).request(baseURL: base)
        #expect(try body(of: edit)["visibility"] as? String == "public")
    }

    private func body(of request: URLRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: Any])
    }
}
