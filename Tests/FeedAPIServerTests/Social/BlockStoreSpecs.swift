import Foundation
import Testing

@testable import FeedAPIStorage

/// What every store does with blocks and mutes, on each database.
@Suite("Blocks and mutes: what every store does")
struct BlockStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = ActionLimit(perWindow: 60, window: 60)

    @Test(arguments: StorageKind.all)
    func aMentionInAComment_onThePostOfSomeoneInABlockWithThem_tellsThemNothing(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        func mentionsOfBen() async throws -> Int {
            try await stores.social.notifications(of: people.ben, after: nil, limit: 10).items.filter { $0.kind == .mention }.count
        }
        var before = makeComment("@ben look", createdAt: now, username: "cat")
        before.mentions = ["ben"]
        _ = try await stores.feed.addComment(before, onImage: posts.ann)
        #expect(try await mentionsOfBen() == 1)

        try await stores.social.setBlock(true, of: people.ben, by: people.ann, at: now)
        #expect(try await mentionsOfBen() == 0, "told before the block: no longer shown")
        #expect(try await stores.social.unreadNotificationCount(of: people.ben) == 0)
        var after = makeComment("@ben a secret of ann's post", createdAt: now, username: "cat")
        after.mentions = ["ben"]
        _ = try await stores.feed.addComment(after, onImage: posts.ann)
        try await stores.social.setBlock(false, of: people.ben, by: people.ann, at: now)
        #expect(try await mentionsOfBen() == 1, "nor told during it: only the mention from before shows again")
    }

    @Test(arguments: StorageKind.all)
    func whomOneBlocksAndMutes_isListedByName_aPageAtATime_toThemAlone(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        let dan = try await stores.accounts.createAccount(username: try #require(Username("dan")), name: "Dan", passwordHash: "x", createdAt: now)
        try await stores.social.setBlock(true, of: people.cat, by: people.ann, at: now)
        try await stores.social.setBlock(true, of: people.ben, by: people.ann, at: now)
        try await stores.social.setBlock(true, of: dan.id, by: people.ann, at: now)
        try await stores.social.setMute(true, of: people.cat, by: people.ben, at: now)

        #expect(try await stores.social.people(.blocked, by: people.ann, after: nil, limit: 10).map(\.username) == ["ben", "cat", "dan"])
        #expect(try await stores.social.people(.blocked, by: people.ann, after: nil, limit: 2).map(\.username) == ["ben", "cat"])
        #expect(try await stores.social.people(.blocked, by: people.ann, after: Username("cat"), limit: 2).map(\.username) == ["dan"])
        #expect(try await stores.social.people(.blocked, by: people.ann, after: Username("bob"), limit: 1).map(\.username) == ["cat"], "after someone gone")
        #expect(try await stores.social.people(.muted, by: people.ann, after: nil, limit: 10).isEmpty)
        #expect(try await stores.social.people(.muted, by: people.ben, after: nil, limit: 10).map(\.username) == ["cat"])
        #expect(try await stores.social.people(.blocked, by: people.cat, after: nil, limit: 10).isEmpty, "a block is listed to its blocker alone")
        try await stores.social.setBlock(false, of: people.cat, by: people.ann, at: now)
        #expect(try await stores.social.people(.blocked, by: people.ann, after: nil, limit: 10).map(\.username) == ["ben", "dan"])
    }

    @Test(arguments: StorageKind.all)
    func aBlock_removesTheFollowsBothWays_andRefusesFollowsLikesAndCommentsBetweenThem(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        _ = try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit)
        _ = try await stores.social.follow(people.ben, by: people.ann, at: now, limit: limit)

        try await stores.social.setBlock(true, of: people.ben, by: people.ann, at: now)

        #expect(try await stores.social.relationship(of: people.ann, to: people.ben) == Relationship(following: false, followedBy: false))
        #expect(try await stores.social.isBlocked(between: people.ben, and: people.ann))
        #expect(try await stores.social.blockState(of: people.ann, toward: people.ben) == BlockState(blocking: true, muting: false))
        #expect(try await stores.social.blockState(of: people.ben, toward: people.ann) == BlockState(blocking: false, muting: false))
        await #expect(throws: BlockedInteraction.self) { try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit) }
        await #expect(throws: BlockedInteraction.self) { try await stores.social.follow(people.ben, by: people.ann, at: now, limit: limit) }
        await #expect(throws: BlockedInteraction.self) { try await stores.social.setLike(true, itemID: posts.ann, by: people.ben, at: now, limit: limit) }
        await #expect(throws: BlockedInteraction.self) {
            try await stores.feed.addComment(makeComment("Hey", createdAt: now, username: "ben"), onImage: posts.ann)
        }
        #expect(try await stores.social.setLike(true, itemID: posts.ann, by: people.cat, at: now, limit: limit).liked, "others are not touched")

        var mention = makeComment("@ann look", createdAt: now.addingTimeInterval(1), username: "ben")
        mention.mentions = ["ann"]
        _ = try await stores.feed.addComment(mention, onImage: posts.cat)
        #expect(try await toldOfBen(people.ann, in: stores) == 0, "not told while blocked")

        try await stores.social.setBlock(false, of: people.ben, by: people.ann, at: now.addingTimeInterval(2))
        #expect(try await !stores.social.isBlocked(between: people.ann, and: people.ben))
        #expect(try await toldOfBen(people.ann, in: stores) == 0, "nor once the block is lifted")
        _ = try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit)
    }

    @Test(arguments: StorageKind.all)
    func peopleOnline_areToldOfAPost_onlyWhenTheyFollowItsAuthor_andDoNotMuteThem(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        _ = try await stores.social.follow(people.ann, by: people.ben, at: now, limit: limit)
        _ = try await stores.social.follow(people.ann, by: people.cat, at: now, limit: limit)

        try await stores.social.setMute(true, of: people.ann, by: people.cat, at: now)

        #expect(try await stores.social.followers(of: people.ann, among: [people.ben, people.cat]) == [people.ben])
    }

    @Test(arguments: StorageKind.all)
    func blockedAndMutedPeople_areKeptOutOfTheNotifications_andMutedOnesOutOfTheTimeline(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        _ = try await stores.social.follow(people.ben, by: people.ann, at: now, limit: limit)
        _ = try await stores.social.follow(people.cat, by: people.ann, at: now, limit: limit)
        _ = try await stores.social.setLike(true, itemID: posts.ann, by: people.ben, at: now, limit: limit)
        _ = try await stores.social.setLike(true, itemID: posts.ann, by: people.cat, at: now, limit: limit)
        #expect(try await stores.social.unreadNotificationCount(of: people.ann) == 2)

        try await stores.social.setMute(true, of: people.cat, by: people.ann, at: now)
        try await stores.social.setBlock(true, of: people.ann, by: people.ben, at: now)

        let notifications = try await stores.social.notifications(of: people.ann, after: nil, limit: 10)
        #expect(notifications.items.isEmpty, "neither the muted nor the one who blocked")
        #expect(notifications.unreadCount == 0)
        let timeline = try await stores.social.timeline(of: people.ann, after: nil, limit: 10).map(\.id)
        #expect(timeline == [posts.ann], "the muted one's post is left out, the blocker's follow is gone")
        #expect(try await stores.social.blockState(of: people.ann, toward: people.cat) == BlockState(blocking: false, muting: true))
        #expect(try await stores.social.timeline(of: people.cat, after: nil, limit: 10).map(\.id) == [posts.cat], "muting is one way")

        try await stores.social.setMute(false, of: people.cat, by: people.ann, at: now)
        #expect(
            try await stores.social.timeline(of: people.ann, after: nil, limit: 10).map(\.id).sorted { $0.uuidString < $1.uuidString }
                == [posts.ann, posts.cat].sorted { $0.uuidString < $1.uuidString })
        #expect(try await stores.social.unreadNotificationCount(of: people.ann) == 1)
    }

    @Test(arguments: StorageKind.all)
    func theCommentsOfSomeoneInABlock_areLeftOut_forTheOtherOnly(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        _ = try await stores.feed.addComment(makeComment("From ben", createdAt: now, username: "ben"), onImage: posts.cat)
        _ = try await stores.feed.addComment(makeComment("From ann", createdAt: now.addingTimeInterval(1), username: "ann"), onImage: posts.cat)

        try await stores.social.setBlock(true, of: people.ben, by: people.ann, at: now)

        #expect(try await stores.feed.comments(onImage: posts.cat, visibleTo: people.ann)?.map(\.message) == ["From ann"])
        #expect(try await stores.feed.comments(onImage: posts.cat, visibleTo: people.ben)?.map(\.message) == ["From ben"])
        #expect(try await stores.feed.comments(onImage: posts.cat, visibleTo: people.cat)?.count == 2)
        #expect(try await stores.feed.comments(onImage: posts.cat)?.count == 2)
        #expect(try await stores.feed.item(withID: posts.ann, visibleTo: people.ben) == nil, "each other's posts are unknown to each")
        #expect(try await stores.feed.item(withID: posts.ben, visibleTo: people.ann) == nil)
        #expect(try await stores.feed.comments(onImage: posts.ann, visibleTo: people.ben) == nil)
        await #expect(throws: LikeRefusal.unknownFeedItem(posts.ann)) {
            try await stores.social.likers(of: posts.ann, visibleTo: people.ben, after: nil, limit: 10)
        }
        #expect(try await stores.feed.item(withID: posts.ann, visibleTo: people.cat)?.id == posts.ann)
        #expect(try await stores.social.posts(by: people.ben, visibleTo: people.ann, after: nil, limit: 10).isEmpty, "nor in their profiles")
        #expect(try await stores.social.posts(by: people.ben, visibleTo: people.cat, after: nil, limit: 10).map(\.id) == [posts.ben])
    }

    // MARK: - Helpers

    @Test(arguments: StorageKind.all)
    func sharedLists_leaveOutThePostsOfThoseAReaderMutes_blocks_orIsBlockedBy_forThatReaderOnly(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        let everyPost = [posts.ann, posts.ben, posts.cat, UUID()]
        #expect(try await stores.social.silencedItems(among: everyPost, for: people.ann).isEmpty)

        try await stores.social.setMute(true, of: people.ben, by: people.ann, at: now)
        try await stores.social.setBlock(true, of: people.ann, by: people.cat, at: now)

        #expect(try await stores.social.silencedItems(among: everyPost, for: people.ann) == [posts.ben, posts.cat])
        #expect(try await stores.social.silencedItems(among: everyPost, for: people.cat) == [posts.ann], "a block goes both ways")
        #expect(try await stores.social.silencedItems(among: everyPost, for: people.ben).isEmpty, "a mute is the muter's alone")
        #expect(try await stores.social.silencedItems(among: [], for: people.ann).isEmpty)
        try await stores.social.setMute(false, of: people.ben, by: people.ann, at: now)
        #expect(try await stores.social.silencedItems(among: everyPost, for: people.ann) == [posts.cat])

        try await stores.social.setMute(true, of: people.ben, by: people.ann, at: now)
        _ = try await stores.posts.edit(posts.ben, PostEdit(visibility: .followers), by: PostActor(accountID: people.ben, username: "ben"), at: now)
        try await stores.moderation.suspend(try #require(Username("cat")), reason: "Spam", by: "mod", at: now)
        #expect(try await stores.social.silencedItems(among: everyPost, for: people.ann).isEmpty, "only posts the public feed shows are named")
    }

    private func toldOfBen(_ accountID: Int64, in stores: TestStores) async throws -> Int {
        try await stores.social.notifications(of: accountID, after: nil, limit: 50).items.count { $0.actor.username == "ben" }
    }

    private struct People {
        let ann: Int64
        let ben: Int64
        let cat: Int64
    }

    private struct Posts {
        let ann: UUID
        let ben: UUID
        let cat: UUID
    }

    private func makeStores(_ kind: StorageKind) async throws -> (TestStores, People, Posts) {
        let stores = try await kind.make()
        var ids: [Int64] = []
        var items: [NewFeedItem] = []
        for (index, name) in ["ann", "ben", "cat"].enumerated() {
            ids.append(try await stores.accounts.createAccount(username: try #require(Username(name)), name: name, passwordHash: "x", createdAt: now).id)
            var item = makeItem(index + 1)
            item.authorUsername = name
            items.append(item)
        }
        try await stores.feed.append(items)
        return (stores, People(ann: ids[0], ben: ids[1], cat: ids[2]), Posts(ann: items[0].id, ben: items[1].id, cat: items[2].id))
    }
}
