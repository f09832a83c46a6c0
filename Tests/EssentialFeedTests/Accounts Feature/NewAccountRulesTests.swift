import EssentialFeed
import Testing

@Suite("New accounts: the username and password rules")
struct NewAccountRulesTests {
    @Test(arguments: [("rita", "rita"), ("Rita_2026", "rita_2026"), ("abc", "abc"), (String(repeating: "x", count: 30), String(repeating: "x", count: 30))])
    func aUsername_ofThreeToThirtyAllowedCharacters_isKeptInLowerCase(text: String, kept: String) throws {
        #expect(try NewAccountRules.username(text) == kept)
    }

    @Test(arguments: [
        ("ab", NewAccountError.usernameLength), (String(repeating: "x", count: 31), .usernameLength), ("", .usernameLength),
        ("rita.s", .usernameCharacters), ("ri ta", .usernameCharacters), ("rité", .usernameCharacters), ("\u{212A}elvin", .usernameCharacters),
        ("admin", .usernameReserved), ("Settings", .usernameReserved), ("LOGIN", .usernameReserved), ("api", .usernameReserved)
    ])
    func anythingElse_isRefused_sayingWhy(text: String, error: NewAccountError) {
        #expect(throws: error) { try NewAccountRules.username(text) }
    }

    @Test func aPassword_needsTenCharacters_withinBcryptsSeventyTwoBytes_withoutNUL() {
        #expect(throws: NewAccountError.passwordTooShort) { try NewAccountRules.password("123456789") }
        #expect(throws: Never.self) { try NewAccountRules.password("éàéàéàéàéà") }
        #expect(throws: NewAccountError.passwordTooLong) { try NewAccountRules.password(String(repeating: "é", count: 37)) }
        #expect(throws: NewAccountError.passwordUnreadable) { try NewAccountRules.password("long enough\u{0}tail") }
    }

    @Test(arguments: ["aaaaaaaaaa", "1111111111", "0123456789", "9876543210", "abcdefghijk", "            ", String(repeating: "\u{200B}", count: 10)])
    func aPasswordThatOnlyLooksLong_isGuessable(password: String) {
        #expect(throws: NewAccountError.passwordGuessable) { try NewAccountRules.password(password) }
    }

    @Test(arguments: ["a long unusual phrase", "0123456788", "aaaaaaaaab"])
    func aPasswordWithSomethingToGuess_isNot(password: String) {
        #expect(throws: Never.self) { try NewAccountRules.password(password) }
    }
}
