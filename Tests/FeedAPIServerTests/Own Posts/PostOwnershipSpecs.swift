import Foundation
import Testing

@testable import FeedAPIStorage

/// What every store does when people edit and remove what they posted, on each database.
@Suite("Own posts: what every store does")
struct PostOwnershipSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = ActionLimit(perWindow: 60, window: 60)

    @Test(arguments: StorageKind.all)
    func anEdit_changesOnlyTheTextsGiven_marksTheTime_andIsTheOwnersAlone(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        let versionBefore = stores.feed.dataVersion
        let later = now.addingTimeInterval(90)

        let edited = try await stores.posts.edit(
            posts[0], PostEdit(description: "New words", location: .some(nil), contentWarning: "Spiders"), by: people.ann, at: later)

        #expect(edited.description == "New words")
        #expect(edited.location == nil)
        #expect(edited.alt == "A harbour at dawn", "a text not given stays")
        #expect(edited.contentWarning == "Spiders")
        #expect(edited.editedAt == later)
        #expect(try await stores.feed.item(withID: posts[0]) == edited)
        #expect(try await stores.social.posts(by: people.ann.accountID, after: nil, limit: 5).first == edited)
        #expect(stores.feed.dataVersion != versionBefore, "cached pages show the edit")
        await #expect(throws: PostRefusal.notAllowed) { try await stores.posts.edit(posts[0], PostEdit(description: "Mine now"), by: people.ben, at: later) }
        await #expect(throws: PostRefusal.notAllowed, "moderators remove, they do not rewrite") {
            try await stores.posts.edit(posts[0], PostEdit(description: "Moderated"), by: people.moderator, at: later)
        }
        await #expect(throws: PostRefusal.unknownPost(posts[3])) { try await stores.posts.edit(posts[3], PostEdit(), by: people.ann, at: later) }
        #expect(try await stores.feed.item(withID: posts[0])?.description == "New words")
    }

    @Test(arguments: StorageKind.all)
    func removingAPost_takesItFromEveryList_withItsCommentsLikesAndNotifications(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        _ = try await stores.social.setLike(true, itemID: posts[0], by: people.ben.accountID, at: now, limit: limit)
        _ = try await stores.feed.addComment(makeComment("Lovely", createdAt: now, username: "ben"), onImage: posts[0])
        #expect(try await notificationsAboutPhotos(of: people.ann, in: stores) == 2)
        let versionBefore = stores.feed.dataVersion

        await #expect(throws: PostRefusal.notAllowed) { try await stores.posts.delete(posts[0], by: people.ben) }
        try await stores.posts.delete(posts[0], by: people.ann)

        #expect(try await stores.feed.item(withID: posts[0]) == nil)
        #expect(try await stores.feed.comments(onImage: posts[0]) == nil)
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id) == [posts[1], posts[2]])
        #expect(try await stores.social.posts(by: people.ann.accountID, after: nil, limit: 10).map(\.id) == [posts[1]])
        #expect(try await stores.social.profile(named: try #require(Username("ann")))?.postsCount == 1)
        #expect(try await notificationsAboutPhotos(of: people.ann, in: stores) == 0)
        #expect(try await stores.social.likedItems(among: [posts[0]], by: people.ben.accountID).isEmpty)
        #expect(stores.feed.dataVersion != versionBefore)
        await #expect(throws: PostRefusal.unknownPost(posts[0])) { try await stores.posts.delete(posts[0], by: people.ann) }
    }

    @Test(arguments: StorageKind.all)
    func aModerator_mayRemoveAnyonesPost(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        try await stores.posts.delete(posts[1], by: people.moderator)
        #expect(try await stores.feed.item(withID: posts[1]) == nil)
    }

    @Test(arguments: StorageKind.all)
    func pagingAfterARemovedPost_goesOnFromWhereItStood_inEveryList(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        try await stores.posts.delete(posts[0], by: people.ann)

        #expect(try await stores.feed.feedPage(after: posts[0], limit: 10).map(\.id) == [posts[1], posts[2]])
        #expect(try await stores.social.timeline(of: people.ben.accountID, after: posts[0], limit: 10).map(\.id) == [posts[1]])
        #expect(try await stores.social.posts(by: people.ann.accountID, after: posts[0], limit: 10).map(\.id) == [posts[1]])
        try await stores.posts.delete(posts[1], by: people.ann)
        #expect(try await stores.feed.feedPage(after: posts[0], limit: 10).map(\.id) == [posts[2]])
        #expect(try await stores.feed.feedPage(after: posts[1], limit: 10).map(\.id) == [posts[2]])
        let unknown = UUID()
        await #expect(throws: FeedRepositoryError.unknownFeedItem(unknown)) { try await stores.feed.feedPage(after: unknown, limit: 10) }
    }

    @Test(arguments: StorageKind.all)
    func aNewPost_neverTakesThePlaceOfARemovedOne(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        try await stores.posts.delete(posts[0], by: people.ann)
        var newer = makeItem(9)
        newer.authorUsername = "ann"
        _ = try await stores.feed.publish(newer)

        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id) == [newer.id, posts[1], posts[2]])
        #expect(try await stores.feed.feedPage(after: posts[0], limit: 10).map(\.id) == [posts[1], posts[2]])
    }

    @Test(arguments: StorageKind.all)
    func removingAPost_removesItsFiles_unlessAnotherPostHasTheSameBytes(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let ann = try await stores.accounts.createAccount(username: try #require(Username("ann")), name: "Ann", passwordHash: "x", createdAt: now)
        let actor = PostActor(accountID: ann.id, username: "ann")
        var shared = [makeItem(1, image: pngImage(7)), makeItem(2, image: pngImage(7)), makeItem(3, image: pngImage(8))]
        for index in shared.indices { shared[index].authorUsername = "ann" }
        try await stores.feed.append(shared)
        let sharedDigest = ImageDigest(of: pngImage(7).data)
        let ownDigest = ImageDigest(of: pngImage(8).data)

        try await stores.posts.delete(shared[0].id, by: actor)
        try await stores.posts.delete(shared[2].id, by: actor)

        #expect(try await stores.feed.image(withDigest: sharedDigest) != nil, "still the second post's")
        #expect(try await stores.feed.image(withDigest: ownDigest) == nil)
        try await stores.posts.delete(shared[1].id, by: actor)
        #expect(try await stores.feed.image(withDigest: sharedDigest) == nil)
    }

    @Test(arguments: StorageKind.all)
    func aComment_isRemovedByItsAuthor_thePhotosOwner_orAModerator_andNoOneElse(_ kind: StorageKind) async throws {
        let (stores, people, posts) = try await makeStores(kind)
        let comments = ["First", "Second", "Third"].map { makeComment($0, createdAt: now, username: "ben") }
        for comment in comments { _ = try await stores.feed.addComment(comment, onImage: posts[0]) }
        #expect(try await notificationsAboutPhotos(of: people.ann, in: stores) == 3)
        let stranger = PostActor(accountID: people.moderator.accountID, username: "mod")

        await #expect(throws: PostRefusal.notAllowed) { try await stores.posts.deleteComment(comments[0].id, onImage: posts[0], by: stranger) }
        await #expect(throws: PostRefusal.unknownComment(comments[0].id)) {
            try await stores.posts.deleteComment(comments[0].id, onImage: posts[1], by: people.ann)
        }
        await #expect(throws: PostRefusal.unknownPost(posts[3])) { try await stores.posts.deleteComment(comments[0].id, onImage: posts[3], by: people.ann) }
        try await stores.posts.deleteComment(comments[0].id, onImage: posts[0], by: people.ben)
        try await stores.posts.deleteComment(comments[1].id, onImage: posts[0], by: people.ann)
        try await stores.posts.deleteComment(comments[2].id, onImage: posts[0], by: people.moderator)

        #expect(try await stores.feed.comments(onImage: posts[0]) == [])
        #expect(try await stores.feed.item(withID: posts[0])?.commentCount == 0)
        #expect(try await notificationsAboutPhotos(of: people.ann, in: stores) == 0)
    }

    // MARK: - Helpers

    private func notificationsAboutPhotos(of person: PostActor, in stores: TestStores) async throws -> Int {
        try await stores.social.notifications(of: person.accountID, after: nil, limit: 50).items.count { $0.imageID != nil }
    }

    private struct People {
        let ann: PostActor
        let ben: PostActor
        let moderator: PostActor
    }

    /// Ann posted the first two photos and follows nobody; Ben follows her; the third is
    /// nobody's; the fourth id was never posted.
    private func makeStores(_ kind: StorageKind) async throws -> (TestStores, People, [UUID]) {
        let stores = try await kind.make()
        var actors: [PostActor] = []
        for name in ["ann", "ben", "mod"] {
            let account = try await stores.accounts.createAccount(username: try #require(Username(name)), name: name, passwordHash: "x", createdAt: now)
            actors.append(PostActor(accountID: account.id, username: name, isModerator: name == "mod"))
        }
        var first = makeItem(1)
        first.alt = "A harbour at dawn"
        var second = makeItem(2)
        first.authorUsername = "ann"
        second.authorUsername = "ann"
        let third = makeItem(3)
        try await stores.feed.append([first, second, third])
        _ = try await stores.social.follow(actors[0].accountID, by: actors[1].accountID, at: now, limit: limit)
        return (stores, People(ann: actors[0], ben: actors[1], moderator: actors[2]), [first.id, second.id, third.id, UUID()])
    }
}
