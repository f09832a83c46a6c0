import EssentialFeed
import Testing

@Suite struct ProfileTextTests {
    @Test(arguments: [
        "Ana 👩‍💻", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "می‌خواهم", "क्‍ष", "Γιώργος", "健太", "Zoë", String(repeating: "猫", count: 50), String(repeating: "👩‍👩‍👧‍👦", count: 12)
    ])
    func aName_inAnyScript_withTheJoinersEmojiAndFlagsNeed_isKeptWhole(_ name: String) throws {
        #expect(try ProfileText.displayName(name) == name)
    }

    @Test func aName_isTrimmed() throws {
        #expect(try ProfileText.displayName("  Ana Lee \n") == "Ana Lee")
    }

    @Test(arguments: ["", "   ", "\u{3164}", "\u{2800}", "\u{200D}", "\u{200B}"])
    func aName_withNothingToSee_isEmpty(_ name: String) {
        #expect(throws: ProfileTextError.empty) { try ProfileText.displayName(name) }
    }

    @Test(arguments: ["Ana\u{0000}", "Ana\u{0007}", "Ana\nLee", "Ana\u{2028}Lee", "\u{202E}anA", "An\u{200B}a", "Ana\u{FEFF}", "Ana\u{E000}"])
    func aName_withWhatDisguisesIt_isRefused(_ name: String) {
        #expect(throws: ProfileTextError.disguisingCharacters) { try ProfileText.displayName(name) }
    }

    @Test func aName_isAtMostFiftyCharacters_eachOfAFewScalars() throws {
        #expect(throws: ProfileTextError.tooLong(maximum: 50)) { try ProfileText.displayName(String(repeating: "a", count: 51)) }
        let smear = "e" + String(repeating: "\u{0301}", count: 200)
        #expect(smear.count == 1)
        #expect(throws: ProfileTextError.tooLong(maximum: 50)) { try ProfileText.displayName(smear) }
        #expect(try ProfileText.displayName("e\u{0301}\u{0302}") == "e\u{0301}\u{0302}")
    }

    @Test func aBio_keepsItsLineBreaksAsNewlines_mayBeEmpty_andIsBounded() throws {
        #expect(try ProfileText.bio("Bridges.\r\nAnd rivers.\rMostly.\n") == "Bridges.\nAnd rivers.\nMostly.")
        #expect(try ProfileText.bio("   ") == "")
        #expect(try ProfileText.bio(String(repeating: "b", count: 300)).count == 300)
        #expect(throws: ProfileTextError.tooLong(maximum: 300)) { try ProfileText.bio(String(repeating: "b", count: 301)) }
        #expect(throws: ProfileTextError.disguisingCharacters) { try ProfileText.bio("tab\there") }
        #expect(throws: ProfileTextError.disguisingCharacters) { try ProfileText.bio("a\u{2029}b") }
        #expect(try ProfileText.bio("I code 👩‍💻") == "I code 👩‍💻")
    }
}
