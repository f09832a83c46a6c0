import EssentialFeed
import Testing

@Suite struct LocalizedTemplateTests {
    @Test(arguments: [
        ("%@ comments", "12", "12 comments"),
        ("Photo, location: %@", "Lisbon", "Photo, location: Lisbon"),
        ("há %@", "1 dia", "há 1 dia"),
        ("No placeholder", "x", "No placeholder"),
        ("%@ and %@", "a", "a and a"),
        ("%@", "100%@home", "100%@home"),
        ("", "x", ""),
        ("%%@ %", "7", "%7 %"),
        ("100 % @ %@", "x", "100 % @ x"),
        ("%@%@", "ab", "abab"),
        ("Über %@ – 日本 %@!", "ß", "Über ß – 日本 ß!")
    ])
    func filled_putsTheArgumentWhereEachPlaceholderIs_andNowhereElse(text: String, argument: String, expected: String) {
        #expect(LocalizedTemplate(text).filled(with: argument) == expected)
    }

    @Test func filled_isTheSameForEveryFill_ofOneTemplate() {
        let template = LocalizedTemplate("%@ likes")

        #expect((1...3).map { template.filled(with: String($0)) } == ["1 likes", "2 likes", "3 likes"])
    }
}
