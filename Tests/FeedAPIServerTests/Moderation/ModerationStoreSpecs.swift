import Foundation
import Testing

@testable import FeedAPIStorage

/// What every store does with roles, reports, suspensions and the audit log, on each database.
@Suite("Moderation: what every store does")
struct ModerationStoreSpecs {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: StorageKind.all)
    func everyoneIsAMember_untilGivenAnotherRole(_ kind: StorageKind) async throws {
        let (stores, people, _) = try await makeStores(kind)
        #expect(try await stores.moderation.role(of: people.ann) == .member)
        #expect(try await stores.moderation.setRole(.moderator, forAccountNamed: try #require(Username("Ann"))))
        #expect(try await stores.moderation.role(of: people.ann) == .moderator)
        #expect(try await !stores.moderation.setRole(.admin, forAccountNamed: try #require(Username("nobody"))))
    }

    @Test(arguments: StorageKind.all)
    func aReport_needsAnExistingTarget_andIsOpenOncePerReporter_andTarget(_ kind: StorageKind) async throws {
        let (stores, people, post) = try await makeStores(kind)
        let report = NewReport(reporterID: people.ben, target: .image(post), reason: .spam, note: "Ads", createdAt: now)

        let id = try await stores.moderation.report(report, openReportsPerReporter: 5)
        await #expect(throws: ModerationRefusal.alreadyReported) { try await stores.moderation.report(report, openReportsPerReporter: 5) }
        await #expect(throws: ModerationRefusal.unknownTarget) {
            try await stores.moderation.report(
                NewReport(reporterID: people.ben, target: .image(UUID()), reason: .spam, note: nil, createdAt: now), openReportsPerReporter: 5)
        }
        await #expect(throws: ModerationRefusal.unknownTarget) {
            try await stores.moderation.report(
                NewReport(reporterID: people.ben, target: .account("nobody"), reason: .abuse, note: nil, createdAt: now), openReportsPerReporter: 5)
        }
        let open = try await stores.moderation.openReports(after: nil, limit: 10)
        #expect(open.map(\.id) == [id])
        #expect(open.first?.reporter == "ben")
        #expect(open.first?.note == "Ads")
        guard case let .image(item)? = open.first?.content else {
            Issue.record("no photo with the report")
            return
        }
        #expect(item.id == post)

        try await stores.moderation.dismissReport(id, by: "mod", reason: "Not spam", at: now)
        #expect(try await stores.moderation.openReports(after: nil, limit: 10).isEmpty)
        await #expect(throws: ModerationRefusal.unknownReport) { try await stores.moderation.dismissReport(id, by: "mod", reason: nil, at: now) }
        _ = try await stores.moderation.report(report, openReportsPerReporter: 5)
    }

    @Test(arguments: StorageKind.all)
    func aReporter_hasAtMostTheirBoundOfOpenReports(_ kind: StorageKind) async throws {
        let (stores, people, post) = try await makeStores(kind)
        _ = try await stores.moderation.report(
            NewReport(reporterID: people.ben, target: .image(post), reason: .spam, note: nil, createdAt: now), openReportsPerReporter: 1)
        await #expect(throws: ModerationRefusal.tooManyOpenReports) {
            try await stores.moderation.report(
                NewReport(reporterID: people.ben, target: .account("ann"), reason: .abuse, note: nil, createdAt: now), openReportsPerReporter: 1)
        }
    }

    @Test(arguments: StorageKind.all)
    func actingOnATarget_closesEveryOpenReportOnIt_andIsLogged_theNewestFirst(_ kind: StorageKind) async throws {
        let (stores, people, post) = try await makeStores(kind)
        for reporter in [people.ben, people.ann] {
            _ = try await stores.moderation.report(
                NewReport(reporterID: reporter, target: .image(post), reason: .illegal, note: nil, createdAt: now), openReportsPerReporter: 5)
        }
        _ = try await stores.moderation.report(
            NewReport(reporterID: people.ben, target: .account("ann"), reason: .abuse, note: nil, createdAt: now), openReportsPerReporter: 5)

        try await stores.moderation.resolveReports(on: .image(post), action: .removeImage, by: "mod", reason: "Illegal", at: now)
        try await stores.moderation.resolveReports(on: .comment(UUID()), action: .removeComment, by: "mod", reason: nil, at: now.addingTimeInterval(1))

        #expect(try await stores.moderation.openReports(after: nil, limit: 10).map(\.target) == [.account("ann")])
        let log = try await stores.moderation.log(before: nil, limit: 10)
        #expect(log.map(\.action) == [.removeComment, .removeImage])
        #expect(log.last?.target == .image(post))
        #expect(log.last?.reason == "Illegal")
        #expect(log.last?.moderator == "mod")
        #expect(try await stores.moderation.log(before: log[0].id, limit: 10).map(\.id) == [log[1].id])

        try await stores.moderation.closeReports(on: .account("ann"), at: now)
        #expect(try await stores.moderation.openReports(after: nil, limit: 10).isEmpty)
        #expect(try await stores.moderation.log(before: nil, limit: 10).count == 2, "closing is not acting")
    }

    @Test(arguments: StorageKind.all)
    func aSuspension_revokesEveryToken_hidesThePosts_untilLifted(_ kind: StorageKind) async throws {
        let (stores, people, post) = try await makeStores(kind)
        let ann = try #require(Username("ann"))
        try await stores.accounts.insertToken(hash: Data([1, 2, 3]), accountID: people.ann, createdAt: now, expiresAt: now.addingTimeInterval(3_600))
        _ = try await stores.moderation.report(
            NewReport(reporterID: people.ben, target: .account("ann"), reason: .abuse, note: nil, createdAt: now), openReportsPerReporter: 5)
        let bensPost = try #require(try await stores.social.posts(by: people.ben, after: nil, limit: 1).first?.id)
        _ = try await stores.feed.addComment(makeComment("From ann", createdAt: now, username: "ann"), onImage: bensPost)
        let versionBefore = stores.feed.dataVersion
        #expect(try await stores.moderation.mayPost(ann))

        try await stores.moderation.suspend(ann, reason: "Harassment", by: "mod", at: now)
        #expect(try await stores.moderation.mayPost(ann) == false)
        #expect(try await stores.feed.comments(onImage: bensPost) == [], "nor their comments")
        #expect(try await stores.feed.comments(onImage: post, visibleTo: people.ben) == nil, "a hidden post is unknown by id")
        await #expect(throws: LikeRefusal.unknownFeedItem(post)) { try await stores.social.likers(of: post, visibleTo: people.ben, after: nil, limit: 10) }
        await #expect(throws: LikeRefusal.unknownFeedItem(post)) {
            try await stores.social.setLike(true, itemID: post, by: people.ben, at: now, limit: ActionLimit())
        }
        #expect(try await stores.feed.addComment(makeComment("Still here?", createdAt: now, username: "ben"), onImage: post) == false)
        await #expect(throws: ModerationRefusal.unknownTarget) {
            try await stores.moderation.report(
                NewReport(reporterID: people.ben, target: .image(post), reason: .spam, note: nil, createdAt: now), openReportsPerReporter: 5)
        }

        #expect(try await stores.moderation.suspension(of: ann) == Suspension(since: now, reason: "Harassment"))
        #expect(try await stores.accounts.account(forTokenHash: Data([1, 2, 3]), now: now) == nil)
        #expect(try await stores.feed.feedPage(after: nil, limit: 10).map(\.id).contains(post) == false)
        #expect(try await stores.feed.item(withID: post) == nil, "never the post after it")
        #expect(try await stores.social.posts(by: people.ann, after: nil, limit: 10).isEmpty)
        #expect(try await stores.social.timeline(of: people.ben, after: nil, limit: 10).map(\.id).contains(post) == false)
        #expect(stores.feed.dataVersion != versionBefore)
        #expect(try await stores.moderation.openReports(after: nil, limit: 10).isEmpty, "the reports on the account are acted on")

        try await stores.moderation.liftSuspension(of: ann, by: "mod", reason: "Appeal", at: now)
        #expect(try await stores.moderation.suspension(of: ann) == nil)
        #expect(try await stores.moderation.mayPost(ann))
        #expect(try await stores.moderation.mayPost(try #require(Username("nobody"))) == false)
        #expect(try await stores.feed.item(withID: post)?.id == post)
        #expect(try await stores.feed.comments(onImage: bensPost)?.map(\.message) == ["From ann"])
        #expect(try await stores.feed.comments(onImage: post, visibleTo: people.ben) == [])
        #expect(try await stores.moderation.log(before: nil, limit: 10).map(\.action) == [.liftSuspension, .suspend])
        await #expect(throws: ModerationRefusal.unknownAccount) {
            try await stores.moderation.suspend(try #require(Username("nobody")), reason: "x", by: "mod", at: now)
        }
    }

    // MARK: - Helpers

    private struct People {
        let ann: Int64
        let ben: Int64
    }

    /// Ann posted a photo; Ben follows her.
    private func makeStores(_ kind: StorageKind) async throws -> (TestStores, People, UUID) {
        let stores = try await kind.make()
        var ids: [Int64] = []
        for name in ["ann", "ben"] {
            ids.append(try await stores.accounts.createAccount(username: try #require(Username(name)), name: name, passwordHash: "x", createdAt: now).id)
        }
        var item = makeItem(1)
        item.authorUsername = "ann"
        var bens = makeItem(2)
        bens.authorUsername = "ben"
        try await stores.feed.append([item, bens])
        _ = try await stores.social.follow(ids[0], by: ids[1], at: now, limit: nil)
        return (stores, People(ann: ids[0], ben: ids[1]), item.id)
    }
}
