import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoAccountsTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)
    private let hasher = PasswordHasher(cost: 4)

    @Test func everyDemoAuthorIsADemoAccountWithAValidUsername() throws {
        let feed = try DemoFeed.make(now: date)
        let usernames = Set(DemoAccounts.people.map(\.username))

        #expect(usernames.count == DemoAccounts.people.count)
        #expect(DemoAccounts.people.allSatisfy { Username($0.username)?.value == $0.username })
        #expect(feed.allSatisfy { $0.author.map(usernames.contains) == true })
        #expect(feed.allSatisfy { $0.comments.allSatisfy { usernames.contains($0.username) } })
        #expect(Set(feed.compactMap(\.author)).count > 10, "posts come from many people")
    }

    @Test func createMissingAccounts_createsTheAuthorsAndTheLogInAccountOnce() async throws {
        let store = try await makeRepository().accounts
        let sut = DemoAccountsSeeder(accounts: store, hasher: hasher)

        #expect(try await sut.createMissingAccounts(at: date) == DemoAccounts.people.count + 1)
        #expect(try await sut.createMissingAccounts(at: date) == 0)

        let accounts = try await store.accounts()
        #expect(Set(accounts.map(\.username.value)) == Set(DemoAccounts.people.map(\.username) + [DemoAccounts.logInUsername]))
        let logIn = try #require(accounts.first { $0.username.value == DemoAccounts.logInUsername })
        #expect(try await hasher.verify(DemoAccounts.logInPassword, against: logIn.passwordHash))
        let maria = try #require(accounts.first { $0.username.value == "maria.silva" })
        #expect(maria.name == "Maria Silva")
    }

    @Test func createMissingAccounts_keepsAPasswordChangedSince() async throws {
        let store = try await makeRepository().accounts
        let sut = DemoAccountsSeeder(accounts: store, hasher: hasher)
        _ = try await sut.createMissingAccounts(at: date)
        let username = try #require(Username(DemoAccounts.logInUsername))
        #expect(try await store.setPasswordHash(try await hasher.hash("another long password"), forAccountNamed: username))

        _ = try await sut.createMissingAccounts(at: date)

        let account = try #require(try await store.account(named: username))
        #expect(try await hasher.verify("another long password", against: account.passwordHash))
        #expect(try await hasher.verify(DemoAccounts.logInPassword, against: account.passwordHash) == false)
    }

    @Test func noPasswordLogsInToAnAuthorAccount() async throws {
        #expect(try await hasher.verify("", against: PasswordHasher.unusableHash) == false)
        #expect(try await hasher.verify("any password at all", against: PasswordHasher.unusableHash) == false)
    }
}
