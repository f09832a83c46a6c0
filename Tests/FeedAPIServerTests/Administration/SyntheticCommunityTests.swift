import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIStorage

@Suite("A synthetic community, as the scale benchmark loads it")
struct SyntheticCommunityTests {
    @Test func load_givesEveryMemberPosts_andTheReaderATimelineOfThePeopleTheyFollow() async throws {
        let database = try await makeDatabase()
        let shape = SyntheticCommunity(members: 10, posts: 40, readerFollows: 2, followsPerMember: 2)

        try await shape.load(into: database, readerPassword: "a long reader password", hasher: PasswordHasher(cost: 4))

        let readerName = try #require(Username(SyntheticCommunity.readerUsername))
        let reader = try #require(try await database.social.profile(named: readerName))
        #expect(reader.followingCount == 2)
        let followed = [SyntheticCommunity.memberUsername(5), SyntheticCommunity.memberUsername(10)]
        let timeline = try await database.social.timeline(of: reader.accountID, after: nil, limit: 100)
        #expect(timeline.count == 8)
        #expect(Set(timeline.compactMap(\.author?.username)) == Set(followed))

        let memberName = try #require(Username(SyntheticCommunity.memberUsername(1)))
        let member = try #require(try await database.social.profile(named: memberName))
        #expect(member.postsCount == 4)
        #expect(member.followingCount == 2)
        #expect(try await database.feed.feedPage(after: nil, limit: 100).count == 40)

        let account = try #require(try await database.accounts.account(named: readerName))
        #expect(try await PasswordHasher(cost: 4).verify("a long reader password", against: account.passwordHash))
    }

    @Test func memberUsernames_areValidUsernames() {
        #expect(Username(SyntheticCommunity.memberUsername(1)) != nil)
        #expect(Username(SyntheticCommunity.memberUsername(10_000)) != nil)
    }
}
