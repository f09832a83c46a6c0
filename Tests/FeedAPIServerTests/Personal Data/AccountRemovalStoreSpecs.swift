import Foundation
import MediaPipeline
import Testing

@testable import FeedAPIStorage

/// A person leaving, on each database: all of theirs goes, nothing of anyone else's.
@Suite("Leaving: what every store does")
struct AccountRemovalStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let limit = ActionLimit(perWindow: 60, window: 60)

    @Test(arguments: StorageKind.all)
    func leaving_takesEverythingOfThePerson_andKeepsTheirUsernameForThirtyDays(_ kind: StorageKind) async throws {
        let stores = try await kind.make()
        let removal = try #require(stores.feed as? any AccountRemoval)
        let ann = try await stores.accounts.createAccount(username: try #require(Username("ann")), name: "Ann", passwordHash: "x", createdAt: now)
        let ben = try await stores.accounts.createAccount(username: try #require(Username("ben")), name: "Ben", passwordHash: "x", createdAt: now)
        let shared = pngImage(1)
        var annsPost = makeItem(1, image: shared)
        annsPost.authorUsername = "ann"
        var annsOther = makeItem(2, image: pngImage(2))
        annsOther.authorUsername = "ann"
        var bensPost = makeItem(3, image: shared)
        bensPost.authorUsername = "ben"
        try await stores.feed.append([annsPost, annsOther, bensPost])
        try await stores.social.setAvatar(of: ann.id, to: try PhotoProcessor().processAvatar(try photoFile(width: 300, height: 300, seed: 7)))
        let avatar = try #require(try await stores.social.profile(named: ann.username)?.avatar)
        _ = try await stores.social.follow(ben.id, by: ann.id, at: now, limit: limit)
        _ = try await stores.social.follow(ann.id, by: ben.id, at: now, limit: limit)
        _ = try await stores.social.setLike(true, itemID: bensPost.id, by: ann.id, at: now, limit: limit)
        _ = try await stores.social.setLike(true, itemID: annsPost.id, by: ben.id, at: now, limit: limit)
        #expect(try await stores.feed.addComment(makeComment("From Ann", createdAt: now, username: "ann"), onImage: bensPost.id))
        #expect(try await stores.feed.addComment(makeComment("From Ben", createdAt: now, username: "ben"), onImage: annsPost.id))
        try await stores.accounts.insertToken(hash: Data("ann's token".utf8), accountID: ann.id, createdAt: now, expiresAt: now.addingTimeInterval(3600))
        #expect(try await stores.social.notifications(of: ben.id, after: nil, limit: 10).items.isEmpty == false)

        let leftAt = now.addingTimeInterval(60)
        #expect(try await removal.removeAccount(ann.id, reservingUsernameUntil: ReservedUsernames.until(leavingAt: leftAt), at: leftAt))

        #expect(try await stores.accounts.account(named: ann.username) == nil)
        #expect(try await stores.accounts.account(forTokenHash: Data("ann's token".utf8), now: leftAt) == nil)
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id) == [bensPost.id])
        #expect(try await stores.feed.item(withID: annsPost.id) == nil)
        let bens = try #require(try await stores.feed.item(withID: bensPost.id))
        #expect(bens.commentCount == 0 && bens.likeCount == 0, "their comment and like on others' posts are gone")
        let bensProfile = try #require(try await stores.social.profile(named: ben.username))
        #expect(bensProfile.followersCount == 0 && bensProfile.followingCount == 0)
        #expect(try await stores.social.notifications(of: ben.id, after: nil, limit: 10).items.isEmpty)
        #expect(try await stores.feed.image(withDigest: ImageDigest(of: shared.data)) != nil, "a file another post uses stays")
        #expect(try await stores.feed.image(withDigest: ImageDigest(of: pngImage(2).data)) == nil)
        #expect(try await stores.feed.image(withDigest: avatar.small) == nil)

        await #expect(throws: AccountStoreError.usernameTaken(ann.username)) {
            try await stores.accounts.createAccount(username: ann.username, name: "Another Ann", passwordHash: "x", createdAt: leftAt.addingTimeInterval(29 * 86_400))
        }
        let returning = try await stores.accounts.createAccount(
            username: ann.username, name: "Another Ann", passwordHash: "x", createdAt: leftAt.addingTimeInterval(31 * 86_400))
        #expect(returning.id != ann.id)
        #expect(try await removal.removeAccount(ann.id, reservingUsernameUntil: leftAt, at: leftAt) == false)
    }
}
