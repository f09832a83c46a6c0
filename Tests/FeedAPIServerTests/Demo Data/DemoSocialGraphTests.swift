import Foundation
import Testing

@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoSocialGraphTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func theDemosPeople_eachFollowAFew_nobodyFollowsEveryone_andNobodyThemselves() {
        let follows = DemoSocialGraph.follows()
        let people = DemoAccounts.people.map(\.username)
        let everyoneElse = people.count - 1

        #expect(follows.allSatisfy { $0.follower != $0.followed })
        #expect(Set(follows.map { "\($0.follower)>\($0.followed)" }).count == follows.count, "no follow twice")
        for person in people {
            let following = follows.filter { $0.follower == person }.count
            #expect((3...9).contains(following), "\(person) follows \(following)")
            #expect(follows.filter { $0.followed == person }.count < everyoneElse, "not everyone follows \(person)")
        }
        let reader = follows.filter { $0.follower == DemoAccounts.logInUsername }.map(\.followed)
        #expect(Set(reader) == Set(DemoSocialGraph.followedByTheReader))
        #expect(reader.allSatisfy(people.contains))
        #expect(follows.map(\.followed).count == DemoSocialGraph.follows().map(\.followed).count, "the same on every run")
    }

    @Test func everyPersonSaysSomethingOfThemselves_withinWhatAProfileHolds() {
        for person in DemoAccounts.people {
            let bio = DemoSocialGraph.bios[person.username]
            #expect(bio.map { !$0.isEmpty && $0.count <= 300 } == true, "\(person.username)")
            #expect(bio?.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } == true)
        }
        #expect(Set(DemoSocialGraph.bios.keys).isSubset(of: Set(DemoAccounts.people.map(\.username))))
    }

    @Test func seeded_theReadersTimelineIsTheirPeoplesPosts_notTheWholeFeed() async throws {
        let database = try await makeDatabase()
        _ = try await DemoAccountsSeeder(accounts: database.accounts, hasher: PasswordHasher(cost: 4)).createMissingAccounts(at: date)
        let posts = (0..<60).map { index in
            var item = makeItem(index)
            item.authorUsername = DemoAccounts.people[(index * 7) % DemoAccounts.people.count].username
            return item
        }
        try await database.feed.append(posts)

        let made = try await DemoSocialGraphSeeder(accounts: database.accounts, social: database.social).seed(at: date)

        #expect(made == DemoSocialGraph.follows().count)
        let readerName = try #require(Username(DemoAccounts.logInUsername))
        let reader = try #require(try await database.accounts.account(named: readerName))
        let timeline = try await database.social.timeline(of: reader.id, after: nil, limit: 50)
        let followed = Set(DemoSocialGraph.followedByTheReader)
        #expect(!timeline.isEmpty && timeline.count < posts.count)
        #expect(timeline.allSatisfy { $0.author.map { followed.contains($0.username) } == true })
        let mariaName = try #require(Username("maria.silva"))
        let maria = try #require(try await database.social.profile(named: mariaName))
        #expect(maria.bio == DemoSocialGraph.bios["maria.silva"])
        #expect(maria.avatar != nil, "each of the demo's people has a picture")
        let sakuraName = try #require(Username("sakura"))
        let sakura = try #require(try await database.social.profile(named: sakuraName))
        #expect(sakura.avatar != nil && sakura.avatar != maria.avatar, "a picture of their own")
        #expect(try await database.social.profile(named: readerName)?.avatar == nil, "the log-in account's is its owner's to choose")
        #expect(maria.followersCount == DemoSocialGraph.follows().filter { $0.followed == "maria.silva" }.count)
    }
}
