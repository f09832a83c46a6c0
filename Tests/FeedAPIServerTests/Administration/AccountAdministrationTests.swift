import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Account administration, as the command line uses it")
struct AccountAdministrationTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func add_createsAnAccountThatCanLogIn_andRefusesTakenNamesAndWeakPasswords() async throws {
        let (sut, store) = try await makeSUT()

        try await sut.add(username: "Ada", name: "Ada Lovelace", password: "analytical engine")

        let ada = try #require(Username("ada"))
        let account = try #require(try await store.account(named: ada))
        #expect(account.name == "Ada Lovelace")
        #expect(try await PasswordHasher(cost: 4).verify("analytical engine", against: account.passwordHash))
        await #expect(throws: AccountAdministration.Failure.usernameTaken("ada")) {
            try await sut.add(username: "ADA", name: nil, password: "another long one")
        }
        await #expect(throws: AccountAdministration.Failure.weakPassword(PasswordPolicy.Violation.tooShort.description)) {
            try await sut.add(username: "grace", name: nil, password: "short")
        }
        await #expect(throws: AccountAdministration.Failure.invalidUsername("no spaces")) {
            try await sut.add(username: "no spaces", name: nil, password: "long enough password")
        }
        #expect(try await sut.list().map(\.username) == ["ada"])
    }

    @Test func setPasswordAndRemove_revokeTheTokens_andSayWhenThereIsNoSuchAccount() async throws {
        let (sut, store) = try await makeSUT()
        try await sut.add(username: "ada", name: nil, password: "analytical engine")
        let ada = try #require(Username("ada"))
        let account = try #require(try await store.account(named: ada))
        try await store.insertToken(hash: Data([1]), accountID: account.id, createdAt: now, expiresAt: now.addingTimeInterval(60))

        try await sut.setPassword(username: "ada", password: "difference engine")
        #expect(try await store.account(forTokenHash: Data([1]), now: now) == nil)

        try await sut.remove(username: "ada")
        await #expect(throws: AccountAdministration.Failure.unknownUsername("ada")) { try await sut.remove(username: "ada") }
        await #expect(throws: AccountAdministration.Failure.unknownUsername("ada")) {
            try await sut.setPassword(username: "ada", password: "difference engine")
        }
    }

    @Test func remove_takesEverythingTheAccountMade_andKeepsItsUsernameForThirtyDays() async throws {
        let database = try await makeDatabase()
        var clock = now
        var sut = AccountAdministration(store: database.accounts, hasher: PasswordHasher(cost: 4), now: { [clock] in clock })
        sut.removal = database.feed
        try await sut.add(username: "ada", name: nil, password: "analytical engine")
        try await sut.add(username: "bob", name: nil, password: "analytical engine")
        var adas = makeItem(1)
        adas.authorUsername = "ada"
        var bobs = makeItem(2)
        bobs.authorUsername = "bob"
        try await database.feed.append([adas, bobs])
        #expect(try await database.feed.addComment(makeComment("Ada was here", createdAt: now, username: "ada"), onImage: bobs.id))

        try await sut.remove(username: "ada")

        #expect(try await database.feed.item(withID: adas.id) == nil, "the post goes, not only its author")
        #expect(try await database.feed.comments(onImage: bobs.id) == [], "and the comments, which a new ada would inherit")
        await #expect(throws: AccountAdministration.Failure.usernameTaken("ada")) {
            try await sut.add(username: "ada", name: nil, password: "analytical engine")
        }
        clock = now.addingTimeInterval(31 * 86_400)
        sut = AccountAdministration(store: database.accounts, hasher: PasswordHasher(cost: 4), now: { [clock] in clock })
        try await sut.add(username: "ada", name: nil, password: "analytical engine")
    }

    private func makeSUT() async throws -> (AccountAdministration, SQLiteAccountStore) {
        let store = try await makeRepository().accounts
        let now = now
        return (AccountAdministration(store: store, hasher: PasswordHasher(cost: 4), now: { now }), store)
    }
}
