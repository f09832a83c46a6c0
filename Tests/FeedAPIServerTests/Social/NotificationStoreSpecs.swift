import EssentialFeed
import Foundation
import Testing

@testable import FeedAPIStorage

/// What every store tells people of, on each database.
@Suite("Notifications: what every store does")
struct NotificationStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)
    private let likes = ActionLimit(perWindow: 100, window: 60)

    @Test(arguments: StorageKind.all)
    func aLikeOfMyPhoto_tellsMe_onceAcrossUnlikeAndLikeAgain_andNeverOfMyOwn(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        let (ann, ben) = (people[0], people[1])

        _ = try await stores.social.setLike(true, itemID: item, by: ann, at: now, limit: likes)
        #expect(try await stores.social.notifications(of: ann, after: nil, limit: 10).items.isEmpty, "one's own like")

        _ = try await stores.social.setLike(true, itemID: item, by: ben, at: now, limit: likes)
        _ = try await stores.social.setLike(false, itemID: item, by: ben, at: now, limit: likes)
        #expect(try await stores.social.notifications(of: ann, after: nil, limit: 10).items.isEmpty, "an unlike takes it away")
        _ = try await stores.social.setLike(true, itemID: item, by: ben, at: now.addingTimeInterval(5), limit: likes)

        let page = try await stores.social.notifications(of: ann, after: nil, limit: 10)
        #expect(page.items.count == 1)
        let like = try #require(page.items.first)
        #expect(like.kind == .like && like.actor.username == "ben" && like.imageID == item && !like.read)
        #expect(like.createdAt == now.addingTimeInterval(5) && like.commentID == nil && like.excerpt == nil)
        #expect(page.unreadCount == 1)
        #expect(try await stores.social.unreadNotificationCount(of: ann) == 1)
        #expect(try await stores.social.notifications(of: ben, after: nil, limit: 10).items.isEmpty)
    }

    @Test(arguments: StorageKind.all)
    func aCommentTellsThePhotosOwner_andThoseItMentions_butNobodyTwiceNorOfTheirOwn(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        let (ann, ben, cat) = (people[0], people[1], people[2])
        var comment = FeedComment(id: UUID(), message: "Look @cat, @ann and @ben, @nobody", createdAt: now, username: "ben")
        comment.mentions = ["cat", "ann", "ben", "nobody"]
        #expect(try await stores.feed.addComment(comment, onImage: item, quota: nil))

        let owners = try await stores.social.notifications(of: ann, after: nil, limit: 10).items
        #expect(owners.map(\.kind) == [.comment], "the owner is told of the comment alone")
        #expect(owners.first?.commentID == comment.id && owners.first?.excerpt == comment.message && owners.first?.imageID == item)
        let mentioned = try await stores.social.notifications(of: cat, after: nil, limit: 10).items
        #expect(mentioned.map(\.kind) == [.mention] && mentioned.first?.actor.username == "ben" && mentioned.first?.commentID == comment.id)
        #expect(try await stores.social.notifications(of: ben, after: nil, limit: 10).items.isEmpty, "one's own mention")

        var own = FeedComment(id: UUID(), message: "My own", createdAt: now, username: "ann")
        own.mentions = []
        _ = try await stores.feed.addComment(own, onImage: item, quota: nil)
        #expect(try await stores.social.notifications(of: ann, after: nil, limit: 10).items.count == 1, "one's own comment")
    }

    @Test(arguments: StorageKind.all)
    func aFollowTellsTheFollowed_untilTheyAreUnfollowed(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        _ = try await stores.social.follow(people[0], by: people[1], at: now)
        let follow = try #require(try await stores.social.notifications(of: people[0], after: nil, limit: 10).items.first)
        #expect(follow.kind == .follow && follow.actor.username == "ben" && follow.imageID == nil)
        _ = try await stores.social.unfollow(people[0], by: people[1])
        #expect(try await stores.social.notifications(of: people[0], after: nil, limit: 10).items.isEmpty)
    }

    @Test(arguments: StorageKind.all)
    func aPostsDescription_tellsThoseItMentions_withItsStart(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        let description = "With @ben " + String(repeating: "x", count: 300)
        var post = makeItem(2, description: description)
        post.authorUsername = "ann"
        post.mentions = ["ben", "ann"]
        let published = try await stores.feed.publish(post)

        let mention = try #require(try await stores.social.notifications(of: people[1], after: nil, limit: 10).items.first)
        #expect(mention.kind == .mention && mention.imageID == published.id && mention.commentID == nil)
        #expect(mention.excerpt == String(description.prefix(NotificationLimits.excerptLength)))
        #expect(try await stores.social.notifications(of: people[0], after: nil, limit: 10).items.isEmpty)
    }

    @Test(arguments: StorageKind.all)
    func postsThatMentionPeople_tellThemWithinTheirAuthorsQuota_thenArePublishedTellingNobody(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        let quota = ActionQuota(accountID: people[0], limit: ActionLimit(perWindow: 2, window: 600))
        for number in 0..<3 {
            var post = makeItem(10 + number, description: "For @ben")
            post.authorUsername = "ann"
            post.mentions = ["ben"]
            post.mentionQuota = quota
            post.createdAt = now
            _ = try await stores.feed.publish(post)
        }
        #expect(try await stores.social.notifications(of: people[1], after: nil, limit: 10).items.count == 2)
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).count == 4, "every post is published")
    }

    @Test(arguments: StorageKind.all)
    func editingADescription_untellsWhomItNoLongerMentions_andTellsWhomItMentionsAnew_once(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind, extraPeople: 1)
        let ann = PostActor(accountID: people[0], username: "ann")
        let quota = ActionQuota(accountID: people[0], limit: ActionLimit(perWindow: 2, window: 600))
        var post = makeItem(10, description: "For @ben")
        post.authorUsername = "ann"
        post.mentions = ["ben"]
        post.mentionQuota = quota
        post.createdAt = now
        let published = try await stores.feed.publish(post)
        func told(_ person: Int64) async throws -> [String] {
            try await stores.social.notifications(of: person, after: nil, limit: 10).items.filter { $0.kind == .mention }.map { $0.excerpt ?? "" }
        }
        func edit(_ description: String, at date: Date) async throws {
            var change = PostEdit(description: .some(description))
            change.mentions = Mentions.usernames(in: description)
            change.mentionQuota = quota
            _ = try await stores.posts.edit(published.id, change, by: ann, at: date)
        }

        try await edit("For @CAT and @ben", at: now.addingTimeInterval(60))
        #expect(try await told(people[1]) == ["For @CAT and @ben"], "still mentioned: told once, of the words as they are")
        let toldCat = try await stores.social.notifications(of: people[2], after: nil, limit: 10).items
        #expect(toldCat.map(\.kind) == [.mention] && toldCat.first?.createdAt == now.addingTimeInterval(60), "told as the edit mentions them")

        try await edit("For @fan0 alone", at: now.addingTimeInterval(120))
        #expect(try await told(people[1]) == [], "no longer mentioned, no longer told")
        #expect(try await told(people[2]) == [])
        #expect(try await told(people[3]) == [], "the author's quota of posts that mention people is spent")

        _ = try await stores.posts.edit(published.id, PostEdit(location: .some("Porto")), by: ann, at: now.addingTimeInterval(180))
        #expect(try await stores.social.unreadNotificationCount(of: people[1]) == 0, "an edit of other texts leaves mentions as they were")
    }

    @Test(arguments: StorageKind.all)
    func pagesAreNewestFirst_andGoOnAfterAnIdThatIsGone(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind, extraPeople: 3)
        for (offset, fan) in people.dropFirst().enumerated() {
            _ = try await stores.social.setLike(true, itemID: item, by: fan, at: now.addingTimeInterval(Double(offset)), limit: likes)
        }
        let first = try await stores.social.notifications(of: people[0], after: nil, limit: 2)
        #expect(first.items.map(\.actor.username) == ["fan2", "fan1"])
        let second = try await stores.social.notifications(of: people[0], after: first.items[1].id, limit: 2)
        #expect(second.items.map(\.actor.username) == ["fan0", "cat"])

        _ = try await stores.social.setLike(false, itemID: item, by: people[4], at: now, limit: likes)
        let afterGone = try await stores.social.notifications(of: people[0], after: first.items[0].id, limit: 2)
        #expect(afterGone.items.map(\.actor.username) == ["fan0", "cat"], "fan1's like is gone; paging goes on from where it stood")
    }

    @Test(arguments: StorageKind.all)
    func markingRead_countsDown_neverGoesBack_norPastTheNewest(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind, extraPeople: 2)
        for fan in people.dropFirst() {
            _ = try await stores.social.setLike(true, itemID: item, by: fan, at: now, limit: likes)
        }
        let items = try await stores.social.notifications(of: people[0], after: nil, limit: 10).items
        #expect(items.count == 4)

        #expect(try await stores.social.markNotificationsRead(of: people[0], through: items[1].id) == 1)
        #expect(try await stores.social.markNotificationsRead(of: people[0], through: items[3].id) == 1, "never back")
        let page = try await stores.social.notifications(of: people[0], after: nil, limit: 10)
        #expect(page.items.map(\.read) == [false, true, true, true])

        #expect(try await stores.social.markNotificationsRead(of: people[0], through: .max) == 0)
        _ = try await stores.social.follow(people[0], by: people[1], at: now)
        #expect(try await stores.social.unreadNotificationCount(of: people[0]) == 1, "a later one is unread")
    }

    /// With PostgreSQL the changes come through the database's notifications, after what came
    /// before (the photo's own post): each expected change is looked for among those heard.
    @Test(.timeLimit(.minutes(1)), arguments: StorageKind.all)
    func eachChangeIsHeard_byWhomItConcerns(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        var heard = stores.changes.stream().makeAsyncIterator()
        func hear(_ expected: FeedChange) async -> Bool {
            while let change = await heard.next() {
                if change == expected { return true }
            }
            return false
        }

        _ = try await stores.social.setLike(true, itemID: item, by: people[1], at: now, limit: likes)
        #expect(await hear(.notificationsChanged(recipientID: people[0])))
        _ = try await stores.social.follow(people[2], by: people[1], at: now)
        #expect(await hear(.notificationsChanged(recipientID: people[2])))
        var post = makeItem(3)
        post.authorUsername = "cat"
        _ = try await stores.feed.publish(post)
        #expect(await hear(.posted(authorID: people[2], itemID: post.id)))
        _ = try await stores.social.markNotificationsRead(of: people[0], through: .max)
        #expect(await hear(.notificationsChanged(recipientID: people[0])), "a count read shows in every tab")
    }

    @Test(arguments: StorageKind.all)
    func followsAndComments_areHeldToTheirLimits_butRepeatsAreFree(_ kind: StorageKind) async throws {
        let (stores, people, item) = try await makeStores(kind)
        let limit = ActionLimit(perWindow: 2, window: 60)
        _ = try await stores.social.follow(people[0], by: people[1], at: now, limit: limit)
        _ = try await stores.social.follow(people[0], by: people[1], at: now, limit: limit)
        _ = try await stores.social.unfollow(people[0], by: people[1], at: now, limit: limit)
        await #expect(throws: ActionLimitReached(action: .follow, until: now.addingTimeInterval(60))) {
            try await stores.social.follow(people[2], by: people[1], at: now.addingTimeInterval(1), limit: limit)
        }
        #expect(try await stores.social.relationship(of: people[1], to: people[2]).following == false, "a refused follow is not made")
        #expect(try await stores.social.follow(people[2], by: people[1], at: now.addingTimeInterval(60), limit: limit) == 1)

        let quota = ActionQuota(accountID: people[1], limit: limit)
        for number in 1...2 {
            #expect(try await stores.feed.addComment(makeComment("\(number)", createdAt: now, username: "ben"), onImage: item, quota: quota))
        }
        await #expect(throws: ActionLimitReached(action: .comment, until: now.addingTimeInterval(60))) {
            try await stores.feed.addComment(makeComment("3", createdAt: now, username: "ben"), onImage: item, quota: quota)
        }
        #expect(try await stores.feed.comments(onImage: item)?.count == 2, "a refused comment is not added")
    }

    // MARK: - Helpers

    /// ann, ben, cat and `extraPeople` fans; ann has posted one photo.
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
