import Foundation
import MediaPipeline
import PhotoFixtures
import Testing

@testable import FeedAPIStorage

/// What every `SocialGraph` must do, run against each database.
@Suite("Following and profiles: what every database does")
struct SocialGraphSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: StorageKind.all)
    func followingTwice_countsOnce_andUnfollowingTwice_leavesNone(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["alice", "bob"])
        let (alice, bob) = (people[0], people[1])

        #expect(try await stores.social.follow(bob, by: alice, at: now) == 1)
        #expect(try await stores.social.follow(bob, by: alice, at: now) == 1)
        #expect(try await stores.social.relationship(of: alice, to: bob) == Relationship(following: true, followedBy: false))
        #expect(try await stores.social.relationship(of: bob, to: alice) == Relationship(following: false, followedBy: true))
        #expect(try await profile("alice", in: stores).followingCount == 1)
        #expect(try await profile("bob", in: stores).followersCount == 1)

        #expect(try await stores.social.unfollow(bob, by: alice) == 0)
        #expect(try await stores.social.unfollow(bob, by: alice) == 0)
        #expect(try await profile("alice", in: stores).followingCount == 0)
        #expect(try await stores.social.relationship(of: alice, to: bob) == Relationship(following: false, followedBy: false))
    }

    @Test(arguments: StorageKind.all)
    func simultaneousFollows_ofOnePerson_areEachCounted(_ kind: StorageKind) async throws {
        let names = ["star"] + (1...12).map { "fan\($0)" }
        let (stores, people) = try await makeStores(kind, people: names)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for fan in people.dropFirst() {
                group.addTask { try await stores.social.follow(people[0], by: fan, at: now) }
                group.addTask { try await stores.social.follow(people[0], by: fan, at: now) }
            }
            try await group.waitForAll()
        }
        #expect(try await profile("star", in: stores).followersCount == 12)
    }

    @Test(arguments: StorageKind.all)
    func lists_showTheMostRecentFollowFirst_pageAfterAUsername_andRefuseOneNotInThem(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["star", "ann", "ben", "cat"])
        for fan in people.dropFirst() { _ = try await stores.social.follow(people[0], by: fan, at: now) }
        _ = try await stores.social.follow(people[1], by: people[0], at: now)

        let firstPage = try await stores.social.list(.followers, of: people[0], after: nil, limit: 2)
        #expect(firstPage.map(\.username) == ["cat", "ben"])
        let ben = try #require(Username("BEN"))
        let secondPage = try await stores.social.list(.followers, of: people[0], after: ben, limit: 2)
        #expect(secondPage.map(\.username) == ["ann"])
        #expect(try await stores.social.list(.following, of: people[0], after: nil, limit: 10) == [FollowListEntry(username: "ann", name: "Ann")])
        await #expect(throws: SocialGraphError.notInList("zed")) {
            try await stores.social.list(.followers, of: people[0], after: Username("zed"), limit: 2)
        }
    }

    @Test(arguments: StorageKind.all)
    func postsAreCountedAsTheyArrive_andAPersonsFeedIsTheirsAlone_inFeedOrder(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann", "ben"])
        let posts = [post(1, by: "ann"), post(2, by: "ben"), post(3, by: "ann"), post(4, by: nil), post(5, by: "ann")]
        try await stores.feed.append(posts)

        #expect(try await profile("ann", in: stores).postsCount == 3)
        let first = try await stores.social.posts(by: people[0], after: nil, limit: 2)
        #expect(first.map(\.id) == [posts[0].id, posts[2].id])
        #expect(try await stores.social.posts(by: people[0], after: posts[2].id, limit: 2).map(\.id) == [posts[4].id])
        #expect(try await stores.social.posts(by: people[0], before: posts[4].id, limit: 1).map(\.id) == [posts[2].id])
        #expect(try await stores.social.posts(by: people[0], before: posts[4].id, limit: 5).map(\.id) == [posts[0].id, posts[2].id])
        #expect(try await stores.social.posts(by: people[0], before: posts[3].id, limit: 1).map(\.id) == [posts[2].id], "any item of the feed")
        #expect(try await stores.social.posts(by: people[0], before: posts[0].id, limit: 1).isEmpty)
        let unknown = UUID()
        await #expect(throws: FeedRepositoryError.unknownFeedItem(unknown)) {
            try await stores.social.posts(by: people[0], before: unknown, limit: 2)
        }
        await #expect(throws: FeedRepositoryError.unknownFeedItem(unknown)) {
            try await stores.social.posts(by: people[0], after: unknown, limit: 2)
        }
    }

    @Test(arguments: StorageKind.all)
    func theTimeline_isOnesOwnPostsAndThoseOfThePeopleFollowed_fromTheMomentOfFollowing(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann", "ben", "cat"])
        let (ann, ben) = (people[0], people[1])
        let posts = [post(1, by: "ben"), post(2, by: "cat"), post(3, by: "ann"), post(4, by: "ben"), post(5, by: "cat")]
        try await stores.feed.append(posts)

        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 10).map(\.id) == [posts[2].id])
        _ = try await stores.social.follow(ben, by: ann, at: now)
        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 10).map(\.id) == [posts[0].id, posts[2].id, posts[3].id])
        #expect(try await stores.social.timeline(of: ann, after: posts[0].id, limit: 1).map(\.id) == [posts[2].id])
        #expect(try await stores.social.timeline(of: ann, after: posts[1].id, limit: 10).map(\.id) == [posts[2].id, posts[3].id], "any item of the feed is a place to page from")

        let published = try await stores.feed.publish(post(6, by: "ben"))
        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 1).map(\.id) == [published.id], "a new post comes first")

        _ = try await stores.social.unfollow(ben, by: ann)
        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 10).map(\.id) == [posts[2].id])
    }

    @Test(arguments: StorageKind.all)
    func theTimeline_ofSomeoneWhoPostsRarely_pagesThroughTheirPostsHoweverFarApart(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann", "ben", "cat"])
        let (ann, ben) = (people[0], people[1])
        // Far more than a page's walk apart (`TimelinePlan.walk`), in a feed of someone else's posts.
        let authors = (0..<450).map { index in [0, 230, 449].contains(index) ? "ben" : index == 100 ? "ann" : "cat" }
        let posts = authors.enumerated().map { post($0.offset + 1, by: $0.element) }
        try await stores.feed.append(posts)
        _ = try await stores.social.follow(ben, by: ann, at: now)

        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 2).map(\.id) == [posts[0].id, posts[100].id])
        #expect(try await stores.social.timeline(of: ann, after: posts[100].id, limit: 2).map(\.id) == [posts[230].id, posts[449].id])
        #expect(try await stores.social.timeline(of: ann, after: posts[230].id, limit: 2).map(\.id) == [posts[449].id])
        #expect(try await stores.social.timeline(of: ann, after: posts[449].id, limit: 2).isEmpty)
        #expect(try await stores.social.timeline(of: ann, after: nil, limit: 4).map(\.id) == [0, 100, 230, 449].map { posts[$0].id })
    }

    @Test(arguments: StorageKind.all)
    func editingAProfile_changesWhatIsGiven_andTheNameOnEveryPost(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann"])
        try await stores.feed.append([post(1, by: "ann")])
        let versionBefore = stores.feed.dataVersion

        try await stores.social.updateProfile(of: people[0], name: nil, bio: "Photos of bridges.")
        try await stores.social.updateProfile(of: people[0], name: "Ann Lee", bio: nil)

        let edited = try await profile("ann", in: stores)
        #expect(edited.name == "Ann Lee")
        #expect(edited.bio == "Photos of bridges.")
        #expect(try await stores.feed.feedPage(after: nil, limit: 1).first?.author?.name == "Ann Lee")
        #expect(stores.feed.dataVersion != versionBefore, "cached feed pages show the old name no more")
    }

    @Test(arguments: StorageKind.all)
    func anAvatar_showsWithThePersonEverywhere_itsSquaresServedByContent_untilRemoved(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann", "ben"])
        let posted = post(1, by: "ann")
        try await stores.feed.append([posted])
        #expect(try await stores.feed.addComment(FeedComment(id: UUID(), message: "Hi", createdAt: now, username: "ann"), onImage: posted.id))
        _ = try await stores.social.follow(people[0], by: people[1], at: now)
        let picture = try PhotoProcessor().processAvatar(PhotoFixtures.photo(width: 300, height: 200))
        let versionBefore = stores.feed.dataVersion

        try await stores.social.setAvatar(of: people[0], to: picture)

        let avatar = try #require(AvatarDetails(picture))
        #expect(try await profile("ann", in: stores).avatar == avatar)
        #expect(try await stores.feed.feedPage(after: nil, limit: 1).first?.author?.avatar == avatar)
        #expect(try await stores.feed.comments(onImage: posted.id)?.first?.authorAvatar == avatar)
        #expect(try await stores.social.list(.following, of: people[1], after: nil, limit: 5).first?.avatar == avatar)
        #expect(try await stores.social.timeline(of: people[1], after: nil, limit: 5).first?.author?.avatar == avatar)
        #expect(try await stores.feed.image(withDigest: avatar.small)?.data == picture.renditions[.small]?.bytes)
        #expect(try await stores.feed.image(withDigest: avatar.thumb)?.format == .jpeg)
        #expect(stores.feed.dataVersion != versionBefore, "cached feed pages show the new picture")
        #expect(try await profile("ben", in: stores).avatar == nil)

        try await stores.social.setAvatar(of: people[0], to: nil)

        #expect(try await profile("ann", in: stores).avatar == nil)
        #expect(try await stores.feed.feedPage(after: nil, limit: 1).first?.author?.avatar == nil)
    }

    @Test(arguments: StorageKind.all)
    func removingAnAccount_takesItsFollowsOutOfEveryCount(_ kind: StorageKind) async throws {
        let (stores, people) = try await makeStores(kind, people: ["ann", "ben", "cat"])
        _ = try await stores.social.follow(people[1], by: people[0], at: now)
        _ = try await stores.social.follow(people[0], by: people[1], at: now)
        _ = try await stores.social.follow(people[2], by: people[1], at: now)

        let ben = try #require(Username("ben"))
        #expect(try await stores.accounts.removeAccount(named: ben))

        let ann = try await profile("ann", in: stores)
        #expect((ann.followersCount, ann.followingCount) == (0, 0))
        #expect(try await profile("cat", in: stores).followersCount == 0)
        #expect(try await stores.social.profile(named: ben) == nil)
    }

    // MARK: - Helpers

    private func makeStores(_ kind: StorageKind, people: [String]) async throws -> (TestStores, [Int64]) {
        let stores = try await kind.make()
        var ids: [Int64] = []
        for name in people {
            let username = try #require(Username(name))
            let account = try await stores.accounts.createAccount(
                username: username, name: name.prefix(1).uppercased() + name.dropFirst(), passwordHash: "unused", createdAt: now)
            ids.append(account.id)
        }
        return (stores, ids)
    }

    private func profile(_ name: String, in stores: TestStores) async throws -> Profile {
        let username = try #require(Username(name))
        return try #require(try await stores.social.profile(named: username))
    }

    private func post(_ number: Int, by author: String?) -> NewFeedItem {
        var item = makeItem(number)
        item.authorUsername = author
        return item
    }
}
