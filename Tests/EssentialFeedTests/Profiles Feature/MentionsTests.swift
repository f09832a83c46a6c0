import EssentialFeed
import Testing

struct MentionsTests {
    @Test func findsEachNameAfterAnAt_lowercased() {
        #expect(Mentions.usernames(in: "Lovely, @Rita and @sam_1!") == ["rita", "sam_1"])
    }

    @Test func rangesCoverTheAtAndTheName() throws {
        let text = "Hi @rita."
        let mention = try #require(Mentions.find(in: text).first)
        #expect(String(text[mention.range]) == "@rita")
    }

    @Test func ignoresAddressesWordsAndNamesOfTheWrongLength() {
        #expect(Mentions.usernames(in: "write to rita@example.com") == [])
        #expect(Mentions.usernames(in: "see https://example.com/@maria.silva and /@rita") == [], "a web address's path")
        #expect(Mentions.usernames(in: "@ab is too short, @@rita is not one") == [])
        #expect(Mentions.usernames(in: "@" + String(repeating: "a", count: 33)) == [])
        #expect(Mentions.usernames(in: "@" + String(repeating: "a", count: 32)) == [String(repeating: "a", count: 32)], "an operator's account")
        #expect(Mentions.usernames(in: "@" + String(repeating: "a", count: 32) + ".") == [String(repeating: "a", count: 32)])
    }

    @Test func findsNamesNextToPunctuationAndOtherScripts() {
        #expect(Mentions.usernames(in: "(@rita) «@sam» Ωμορφο @nikos,") == ["rita", "sam", "nikos"])
        #expect(Mentions.usernames(in: "write to josé@rita.org") == [])
    }

    @Test func namesWithDots_areWhole_butASentencesFullStopIsNot() throws {
        #expect(Mentions.usernames(in: "Hey @maria.silva, and @Maria.Silva.") == ["maria.silva"])
        #expect(Mentions.usernames(in: "Thanks @rita... see you") == ["rita"])
        let text = "Ask @j.r.r."
        #expect(try String(text[#require(Mentions.find(in: text).first).range]) == "@j.r.r")
        #expect(Mentions.usernames(in: "@.hidden") == [])
    }

    @Test func tellsEachPersonOnce_andAtMostTen() {
        #expect(Mentions.usernames(in: "@rita @Rita @RITA") == ["rita"])
        let many = (1...20).map { "@person\($0)" }.joined(separator: " ")
        #expect(Mentions.usernames(in: many) == (1...10).map { "person\($0)" })
    }
}
