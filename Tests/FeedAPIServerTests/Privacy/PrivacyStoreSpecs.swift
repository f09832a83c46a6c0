import Foundation
import Testing

@testable import FeedAPIStorage

/// Followers-only posts and locked accounts, on each database.
@Suite("Privacy: what every store does")
struct PrivacyStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = ActionLimit(perWindow: 60, window: 60)

    @Test(arguments: StorageKind.all)
    func aFollowersOnlyPost_showsToItsAuthorAndFollowersAlone_everywhere(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        _ = try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit)
        var hidden = makeItem(10, description: "@ben @cat for friends")
        hidden.authorUsername = "ann"
        hidden.visibility = .followers
        hidden.createdAt = now
        hidden.mentions = ["ben", "cat"]
        let published = try await stores.feed.publish(hidden)
        #expect(published.visibility == .followers)

        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id).contains(hidden.id) == false, "never in the feed")
        for _ in 0..<20 { #expect(try await stores.feed.randomItem()?.id != hidden.id) }
        #expect(try await stores.feed.item(withID: hidden.id, visibleTo: nil) == nil)
        #expect(try await stores.feed.item(withID: hidden.id, visibleTo: people.cat) == nil)
        #expect(try await stores.feed.item(withID: hidden.id, visibleTo: people.ben)?.visibility == .followers)
        #expect(try await stores.feed.item(withID: hidden.id, visibleTo: people.ann)?.id == hidden.id)
        #expect(try await stores.feed.comments(onImage: hidden.id, visibleTo: people.cat) == nil)
        #expect(try await stores.feed.comments(onImage: hidden.id, visibleTo: people.ben) == [])

        #expect(try await stores.social.posts(by: people.ann, visibleTo: nil, after: nil, limit: 10).map(\.id) == [posts.ann])
        #expect(try await stores.social.posts(by: people.ann, visibleTo: people.cat, after: nil, limit: 10).map(\.id) == [posts.ann])
        #expect(try await stores.social.posts(by: people.ann, visibleTo: people.ben, after: nil, limit: 10).map(\.id) == [hidden.id, posts.ann])
        #expect(try await stores.social.posts(by: people.ann, visibleTo: people.cat, before: posts.ann, limit: 10).isEmpty)
        #expect(try await stores.social.posts(by: people.ann, visibleTo: people.ben, before: posts.ann, limit: 10).map(\.id) == [hidden.id])
        #expect(try await stores.social.timeline(of: people.ben, after: nil, limit: 10).map(\.id).contains(hidden.id))

        await #expect(throws: LikeRefusal.unknownFeedItem(hidden.id)) {
            try await stores.social.setLike(true, itemID: hidden.id, by: people.cat, at: now, limit: limit)
        }
        await #expect(throws: LikeRefusal.unknownFeedItem(hidden.id)) { try await stores.social.likers(of: hidden.id, after: nil, limit: 10) }
        #expect(try await stores.social.setLike(true, itemID: hidden.id, by: people.ben, at: now, limit: limit).likeCount == 1)
        #expect(try await stores.social.likers(of: hidden.id, visibleTo: people.ben, after: nil, limit: 10).map(\.username) == ["ben"])
        #expect(try await stores.feed.addComment(makeComment("Let me in", createdAt: now, username: "cat"), onImage: hidden.id) == false)
        #expect(try await stores.feed.addComment(makeComment("Lovely", createdAt: now, username: "ben"), onImage: hidden.id))

        let told = try await stores.social.notifications(of: people.cat, after: nil, limit: 10).items
        #expect(told.contains { $0.imageID == hidden.id } == false, "a mention does not tell someone who may not see the post")
        #expect(try await stores.social.notifications(of: people.ben, after: nil, limit: 10).items.contains { $0.kind == .mention })

        _ = try await stores.social.unfollow(people.ann, by: people.ben)
        let afterUnfollowing = try await stores.social.notifications(of: people.ben, after: nil, limit: 10)
        #expect(afterUnfollowing.items.contains { $0.imageID == hidden.id } == false, "nor is an ex-follower shown its words")
        #expect(afterUnfollowing.unreadCount == 0)
        #expect(try await stores.social.unreadNotificationCount(of: people.ben) == 0)
    }

    @Test(arguments: StorageKind.all)
    func anOwner_choosesWhoSeesAPost_afterPostingIt(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)

        let edited = try await stores.posts.edit(
            posts.ann, PostEdit(visibility: .followers), by: PostActor(accountID: people.ann, username: "ann"), at: now)

        #expect(edited.visibility == .followers)
        #expect(try await stores.feed.item(withID: posts.ann) == nil)
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id).contains(posts.ann) == false)
        _ = try await stores.posts.edit(posts.ann, PostEdit(visibility: .public), by: PostActor(accountID: people.ann, username: "ann"), at: now)
        #expect(try await stores.feed.item(withID: posts.ann)?.visibility == .public)
    }

    @Test(arguments: StorageKind.all)
    func aLockedAccount_turnsFollowsIntoRequests_thatItsOwnerAnswers(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        let settings = try await stores.social.updatePrivacy(of: people.ann, defaultVisibility: .followers, locked: true, at: now)
        #expect(settings == PrivacySettings(defaultVisibility: .followers, locked: true))
        #expect(try await stores.social.privacySettings(of: people.ann) == settings)
        #expect(try await stores.social.profile(named: try #require(Username("ann")))?.locked == true)

        let asked = try await stores.social.followOrRequest(people.ann, by: people.ben, at: now, limit: limit)
        #expect(asked == FollowOutcome(following: false, requested: true, followersCount: 0))
        #expect(try await stores.social.followOrRequest(people.ann, by: people.ben, at: now, limit: limit) == asked, "asking again changes nothing")
        _ = try await stores.social.followOrRequest(people.ann, by: people.cat, at: now.addingTimeInterval(1), limit: limit)
        #expect(try await stores.social.hasRequested(people.ann, by: people.ben))
        #expect(try await stores.social.followRequestCount(to: people.ann) == 2)
        #expect(try await stores.social.followRequests(to: people.ann, after: nil, limit: 10).map(\.username) == ["ben", "cat"])
        #expect(try await stores.social.followRequests(to: people.ann, after: Username("ben"), limit: 10).map(\.username) == ["cat"])
        #expect(try await stores.social.followRequests(to: people.ben, after: nil, limit: 10).isEmpty, "each sees their own")

        #expect(try await stores.social.answerFollowRequest(from: people.ben, to: people.ann, accept: true, at: now))
        #expect(try await stores.social.answerFollowRequest(from: people.ben, to: people.ann, accept: true, at: now) == false, "answered once")
        #expect(try await stores.social.relationship(of: people.ben, to: people.ann).following)
        #expect(try await stores.social.followOrRequest(people.ann, by: people.ben, at: now, limit: limit).following, "a follower stays one")
        #expect(try await stores.social.answerFollowRequest(from: people.cat, to: people.ann, accept: false, at: now))
        #expect(try await stores.social.relationship(of: people.cat, to: people.ann).following == false)
        await #expect(throws: SocialGraphError.notInList("cat")) {
            try await stores.social.followRequests(to: people.ann, after: Username("cat"), limit: 10)
        }

        _ = try await stores.social.followOrRequest(people.ann, by: people.cat, at: now, limit: limit)
        _ = try await stores.social.unfollow(people.ann, by: people.cat, at: now, limit: limit)
        #expect(try await stores.social.hasRequested(people.ann, by: people.cat) == false, "unfollowing takes a request back")
    }

    @Test(arguments: StorageKind.all)
    func unlocking_acceptsEveryoneWaiting_andABlockDropsTheRequestsBetweenTwo(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        _ = try await stores.social.updatePrivacy(of: people.ann, defaultVisibility: nil, locked: true, at: now)
        _ = try await stores.social.followOrRequest(people.ann, by: people.ben, at: now, limit: limit)
        _ = try await stores.social.followOrRequest(people.ann, by: people.cat, at: now, limit: limit)
        try await stores.social.setBlock(true, of: people.cat, by: people.ann, at: now)
        #expect(try await stores.social.followRequests(to: people.ann, after: nil, limit: 10).map(\.username) == ["ben"])

        let settings = try await stores.social.updatePrivacy(of: people.ann, defaultVisibility: nil, locked: false, at: now)

        #expect(settings == PrivacySettings(defaultVisibility: .public, locked: false))
        #expect(try await stores.social.followRequestCount(to: people.ann) == 0)
        #expect(try await stores.social.relationship(of: people.ben, to: people.ann).following)
        #expect(try await stores.social.relationship(of: people.cat, to: people.ann).following == false)
        #expect(try await stores.social.followOrRequest(people.ann, by: people.dan, at: now, limit: limit).following, "an open account is followed at once")
    }

    @Test(arguments: StorageKind.all)
    func aRequestToFollow_tellsTheOwner_untilAnswered_andAnAcceptanceTellsTheOneWhoAsked(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        func told(_ accountID: Int64) async throws -> [String] {
            try await stores.social.notifications(of: accountID, after: nil, limit: 10).items.map { "\($0.kind.rawValue) \($0.actor.username)" }
        }
        _ = try await stores.social.updatePrivacy(of: people.ann, defaultVisibility: nil, locked: true, at: now)
        _ = try await stores.social.followOrRequest(people.ann, by: people.ben, at: now, limit: limit)
        _ = try await stores.social.followOrRequest(people.ann, by: people.cat, at: now.addingTimeInterval(1), limit: limit)
        _ = try await stores.social.followOrRequest(people.ann, by: people.dan, at: now.addingTimeInterval(2), limit: limit)
        #expect(try await told(people.ann) == ["follow_request dan", "follow_request cat", "follow_request ben"])
        #expect(try await stores.social.unreadNotificationCount(of: people.ann) == 3)

        #expect(try await stores.social.answerFollowRequest(from: people.ben, to: people.ann, accept: true, at: now.addingTimeInterval(3)))
        #expect(try await told(people.ann) == ["follow_request dan", "follow_request cat"], "answered: the owner is not told of their own answer")
        #expect(try await told(people.ben) == ["follow_accepted ann"])
        #expect(try await stores.social.answerFollowRequest(from: people.cat, to: people.ann, accept: false, at: now))
        #expect(try await told(people.ann) == ["follow_request dan"], "nor does a request refused stay")
        #expect(try await told(people.cat) == [], "a refusal is not told")
        _ = try await stores.social.unfollow(people.ann, by: people.dan, at: now, limit: limit)
        #expect(try await told(people.ann) == [], "a request taken back goes")

        _ = try await stores.social.unfollow(people.ann, by: people.ben, at: now, limit: limit)
        #expect(try await told(people.ben) == [], "an acceptance goes with the follow")
        _ = try await stores.social.followOrRequest(people.ann, by: people.cat, at: now.addingTimeInterval(4), limit: limit)
        _ = try await stores.social.updatePrivacy(of: people.ann, defaultVisibility: nil, locked: false, at: now.addingTimeInterval(5))
        #expect(try await told(people.cat) == ["follow_accepted ann"], "unlocking accepts whoever waits")
        #expect(try await told(people.ann) == [])
    }

    @Test(arguments: StorageKind.all)
    func aReadersPageOfTheFeed_leavesOutWhoeverIsInABlockWithThem_orMutedByThem(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        var byCat = makeItem(2)
        byCat.authorUsername = "cat"
        var byDan = makeItem(3)
        byDan.authorUsername = "dan"
        try await stores.feed.append([byCat, byDan])
        try await stores.social.setBlock(true, of: people.ben, by: people.ann, at: now)
        try await stores.social.setMute(true, of: people.cat, by: people.ben, at: now)

        #expect(try await stores.feed.feedPage(after: nil, limit: 10, readerID: people.ben).map(\.id) == [byDan.id])
        #expect(try await stores.feed.feedPage(after: nil, limit: 10, readerID: people.dan).map(\.id) == [posts.ann, byCat.id, byDan.id])
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id) == [posts.ann, byCat.id, byDan.id], "the page for anyone")
        #expect(try await stores.feed.feedPage(after: posts.ann, limit: 1, readerID: people.ben).map(\.id) == [byDan.id], "paging goes on past them")
    }

    @Test(arguments: StorageKind.all)
    func aProfilesPostCount_isWhatItsReaderIsShown(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        _ = try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit)
        var hidden = makeItem(10)
        hidden.authorUsername = "ann"
        hidden.visibility = .followers
        _ = try await stores.feed.publish(hidden)

        #expect(try await stores.social.postCount(by: people.ann, visibleTo: people.ann) == 2, "the author's own")
        #expect(try await stores.social.postCount(by: people.ann, visibleTo: people.ben) == 2, "a follower's")
        #expect(try await stores.social.postCount(by: people.ann, visibleTo: people.cat) == 1, "the public one alone")
        #expect(try await stores.social.postCount(by: people.ann, visibleTo: nil) == 1)

        try await stores.moderation.suspend(try #require(Username("ann")), reason: "Spam", by: "mod", at: now)
        #expect(try await stores.social.postCount(by: people.ann, visibleTo: people.ben) == 0, "a suspended person's posts are hidden")
    }

    // MARK: - Helpers

    private struct People {
        let ann: Int64
        let ben: Int64
        let cat: Int64
        let dan: Int64
    }

    private struct Posts {
        let ann: UUID
    }

    private func makeStores(_ kind: StorageKind) async throws -> (TestStores, People, Posts) {
        let stores = try await kind.make()
        var ids: [Int64] = []
        for name in ["ann", "ben", "cat", "dan"] {
            ids.append(try await stores.accounts.createAccount(username: try #require(Username(name)), name: name, passwordHash: "x", createdAt: now).id)
        }
        var item = makeItem(1)
        item.authorUsername = "ann"
        try await stores.feed.append([item])
        return (stores, People(ann: ids[0], ben: ids[1], cat: ids[2], dan: ids[3]), Posts(ann: item.id))
    }
}
