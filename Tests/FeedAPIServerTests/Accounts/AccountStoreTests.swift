import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("Accounts: usernames, passwords and the SQLite store")
struct AccountStoreTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: ["abc", "a.b_c", "user_2026", String(repeating: "x", count: 32), "MixedCase"])
    func username_acceptsThreeToThirtyTwoOfTheAllowedCharacters(text: String) throws {
        let username = try #require(Username(text))
        #expect(username.value == text.lowercased())
    }

    @Test(arguments: ["ab", String(repeating: "x", count: 33), "with space", "émile", "a-b", "a/b", "", "\u{212A}enta", "\u{0130}lker"])
    func username_refusesAnythingElse(text: String) {
        #expect(Username(text) == nil)
    }

    @Test func passwordPolicy_wantsTenCharactersAndAtMostBcryptsInput() {
        #expect(throws: PasswordPolicy.Violation.tooShort) { try PasswordPolicy.check("123456789") }
        #expect(throws: Never.self) { try PasswordPolicy.check("1234567890") }
        #expect(throws: PasswordPolicy.Violation.tooLong) { try PasswordPolicy.check(String(repeating: "é", count: 37)) }
        #expect(!PasswordPolicy.isVerifiable(String(repeating: "a", count: 73)))
    }

    @Test func passwordPolicy_refusesANUL_whereBcryptWouldStopReading() {
        #expect(throws: PasswordPolicy.Violation.containsNUL) { try PasswordPolicy.check("password1234\u{0}junk") }
        #expect(!PasswordPolicy.isVerifiable("password1234\u{0}junk"))
    }

    @Test func hasher_neverMatchesAPasswordWithANUL_evenWhenWhatPrecedesItIsTheRightOne() async throws {
        let hasher = PasswordHasher(cost: 4)
        let hash = try await hasher.hash("password1234")
        #expect(try await hasher.verify("password1234", against: hash))
        #expect(try await !hasher.verify("password1234\u{0}junk", against: hash))
    }

    @Test func hasher_verifiesTheRightPasswordOnly_andNothingWithoutAnAccount() async throws {
        let hasher = PasswordHasher(cost: 4)
        let hash = try await hasher.hash("correct horse battery")

        #expect(hash.hasPrefix("$2"))
        #expect(try await hasher.verify("correct horse battery", against: hash))
        #expect(try await !hasher.verify("wrong horse battery", against: hash))
        #expect(try await !hasher.verify("correct horse battery", against: nil))
        #expect(try await !hasher.verify("correct horse battery" + String(repeating: "!", count: 60), against: hash))
    }

    @Test(arguments: StorageKind.all)
    func store_createsFindsAndListsAccounts_refusingATakenUsernameWhateverItsCase(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let alice = try await store.createAccount(username: try #require(Username("alice")), name: "Alice A.", passwordHash: "h1", createdAt: now)

        #expect(try await store.account(named: try #require(Username("ALICE"))) == alice)
        await #expect(throws: AccountStoreError.self) {
            try await store.createAccount(username: try #require(Username("Alice")), name: "Another", passwordHash: "h2", createdAt: now)
        }
        _ = try await store.createAccount(username: try #require(Username("bob")), name: "Bob", passwordHash: "h3", createdAt: now)
        #expect(try await store.accounts().map(\.username.value) == ["alice", "bob"])
    }

    @Test(arguments: StorageKind.all)
    func tokens_findTheirAccountUntilTheyExpireOrAreDeleted(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let alice = try await store.createAccount(username: try #require(Username("alice")), name: "Alice", passwordHash: "h", createdAt: now)
        let token = Data(repeating: 7, count: 32)

        try await store.insertToken(hash: token, accountID: alice.id, createdAt: now, expiresAt: now.addingTimeInterval(60))

        #expect(try await store.account(forTokenHash: token, now: now) == alice)
        #expect(try await store.account(forTokenHash: token, now: now.addingTimeInterval(60)) == nil)
        try await store.deleteToken(hash: token)
        #expect(try await store.account(forTokenHash: token, now: now) == nil)
    }

    @Test(arguments: StorageKind.all)
    func removingAnAccountOrChangingItsPassword_revokesItsTokens(_ kind: StorageKind) async throws {
        let store = try await kind.make().accounts
        let alice = try await store.createAccount(username: try #require(Username("alice")), name: "Alice", passwordHash: "h", createdAt: now)
        let bob = try await store.createAccount(username: try #require(Username("bob")), name: "Bob", passwordHash: "h", createdAt: now)
        try await store.insertToken(hash: Data([1]), accountID: alice.id, createdAt: now, expiresAt: now.addingTimeInterval(60))
        try await store.insertToken(hash: Data([2]), accountID: bob.id, createdAt: now, expiresAt: now.addingTimeInterval(60))

        #expect(try await store.setPasswordHash("new", forAccountNamed: try #require(Username("alice"))))
        #expect(try await store.account(forTokenHash: Data([1]), now: now) == nil)
        #expect(try await store.removeAccount(named: try #require(Username("bob"))))
        #expect(try await store.account(forTokenHash: Data([2]), now: now) == nil)
        #expect(try await !store.removeAccount(named: try #require(Username("bob"))))
    }
}
