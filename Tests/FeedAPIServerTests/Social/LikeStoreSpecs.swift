import Foundation
import Testing

@testable import FeedAPIStorage

/// What every store does with likes, on each database.
@Suite("Likes: what every store does")
struct LikeStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = ActionLimit(perWindow: 3, window: 60)

    @Test(arguments: StorageKind.all)
    func likingTwice_countsOnce_theCountIsOnTheItemEverywhere_andUnlikingTakesItBack(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        let versionBefore = stores.feed.dataVersion

        #expect(try await stores.social.setLike(true, itemID: item, by: people[0], at: now, limit: limit) == LikeState(liked: true, likeCount: 1))
        #expect(try await stores.social.setLike(true, itemID: item, by: people[0], at: now, limit: limit) == LikeState(liked: true, likeCount: 1))
        #expect(try await stores.social.setLike(true, itemID: item, by: people[1], at: now, limit: limit) == LikeState(liked: true, likeCount: 2))
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).first?.likeCount == 2)
        #expect(try await stores.social.posts(by: people[0], after: nil, limit: 10).first?.likeCount == 2)
        #expect(stores.feed.dataVersion != versionBefore, "cached pages carry the count")

        #expect(try await stores.social.setLike(false, itemID: item, by: people[0], at: now, limit: limit) == LikeState(liked: false, likeCount: 1))
        #expect(try await stores.social.setLike(false, itemID: item, by: people[0], at: now, limit: limit) == LikeState(liked: false, likeCount: 1))
        #expect(try await stores.social.likedItems(among: [item, UUID()], by: people[1]) == [item])
        #expect(try await stores.social.likedItems(among: [item], by: people[0]).isEmpty)
        await #expect(throws: LikeRefusal.self) { try await stores.social.setLike(true, itemID: UUID(), by: people[0], at: now, limit: limit) }
    }

    @Test(arguments: StorageKind.all)
    func whichPhotosOneLikes_namesNoneHiddenFromThemSince_norOfASuspendedAuthor(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        _ = try await stores.social.setLike(true, itemID: item, by: people[1], at: now, limit: limit)
        _ = try await stores.social.setLike(true, itemID: item, by: people[2], at: now, limit: limit)

        try await stores.social.setBlock(true, of: people[1], by: people[0], at: now)

        #expect(try await stores.social.likedItems(among: [item], by: people[1]).isEmpty, "a block hides the photo from its liker")
        #expect(try await stores.social.likedItems(among: [item], by: people[2]) == [item])

        try await stores.moderation.suspend(try #require(Username("ann")), reason: "Spam", by: "mod", at: now)
        #expect(try await stores.social.likedItems(among: [item], by: people[2]).isEmpty, "a suspended author's post is unknown")
    }

    @Test(arguments: StorageKind.all)
    func anAccount_changesAtMostItsLimitAWindow_butRepeatsAreFree(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        for liked in [true, false, true] {
            _ = try await stores.social.setLike(liked, itemID: item, by: people[0], at: now, limit: limit)
        }
        #expect(try await stores.social.setLike(true, itemID: item, by: people[0], at: now, limit: limit).liked, "no change: not counted")
        await #expect(throws: LikeRefusal.tooManyChanges(until: now.addingTimeInterval(60))) {
            try await stores.social.setLike(false, itemID: item, by: people[0], at: now.addingTimeInterval(1), limit: limit)
        }
        #expect(try await stores.social.setLike(true, itemID: item, by: people[1], at: now, limit: limit).likeCount == 2, "another account's own bound")
        #expect(try await stores.social.setLike(false, itemID: item, by: people[0], at: now.addingTimeInterval(60), limit: limit).likeCount == 1)
    }

    @Test(arguments: StorageKind.all)
    func simultaneousLikes_ofOnePost_areEachCounted(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind, extraPeople: 10)
        try await withThrowingTaskGroup(of: LikeState.self) { group in
            for person in people {
                group.addTask { try await stores.social.setLike(true, itemID: item, by: person, at: now, limit: limit) }
                group.addTask { try await stores.social.setLike(true, itemID: item, by: person, at: now, limit: limit) }
            }
            try await group.waitForAll()
        }
        #expect(try await stores.feed.feedPage(after: nil, limit: 1).first?.likeCount == people.count)
    }

    @Test(arguments: StorageKind.all)
    func whoLiked_isTheMostRecentFirst_pagedAfterAUsername(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        for (offset, person) in people.enumerated() {
            _ = try await stores.social.setLike(true, itemID: item, by: person, at: now.addingTimeInterval(Double(offset)), limit: limit)
        }
        let first = try await stores.social.likers(of: item, after: nil, limit: 2)
        #expect(first.map(\.username) == ["cat", "ben"])
        let ben = try #require(Username("ben"))
        #expect(try await stores.social.likers(of: item, after: ben, limit: 2).map(\.username) == ["ann"])
        await #expect(throws: SocialGraphError.notInList("zed")) { try await stores.social.likers(of: item, after: Username("zed"), limit: 2) }
        await #expect(throws: LikeRefusal.unknownFeedItem(item.successor)) { try await stores.social.likers(of: item.successor, after: nil, limit: 2) }
    }

    @Test(arguments: StorageKind.all)
    func whoLiked_leavesOutThoseInABlockWithTheReader_andTheSuspended(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind, extraPeople: 1)
        for person in people {
            _ = try await stores.social.setLike(true, itemID: item, by: person, at: now, limit: limit)
        }
        try await stores.social.setBlock(true, of: people[1], by: people[2], at: now)
        try await stores.moderation.suspend(try #require(Username("fan0")), reason: "Spam", by: "mod", at: now)

        #expect(try await stores.social.likers(of: item, visibleTo: people[2], after: nil, limit: 10).map(\.username).sorted() == ["ann", "cat"])
        #expect(try await stores.social.likers(of: item, visibleTo: people[0], after: nil, limit: 10).map(\.username).sorted() == ["ann", "ben", "cat"])
    }

    // MARK: - Helpers

    private func makeStores(_ kind: StorageKind, extraPeople: Int = 0) async throws -> (TestStores, [Int64], UUID) {
        let stores = try await kind.make()
        var ids: [Int64] = []
        for name in ["ann", "ben", "cat"] + (0..<extraPeople).map({ "fan\($0)" }) {
            let account = try await stores.accounts.createAccount(username: try #require(Username(name)), name: name, passwordHash: "x", createdAt: now)
            ids.append(account.id)
        }
        var item = makeItem(1)
        item.authorUsername = "ann"
        try await stores.feed.append([item])
        return (stores, ids, item.id)
    }
}

extension UUID {
    /// Another id, never this one.
    fileprivate var successor: UUID {
        var bytes = uuid
        bytes.15 &+= 1
        return UUID(uuid: bytes)
    }
}
