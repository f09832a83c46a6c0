import Testing

@testable import EssentialApp

@Suite struct LanguageNegotiationTests {
    @Test(arguments: [
        ("pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"),
        ("el", "el"),
        ("el-GR", "el"),
        ("pt", "pt-BR"),
        ("fr-FR, de;q=0.9", "en"),
        ("fr;q=0.9, el;q=0.5", "el"),
        ("en;q=0.1, el;q=0.8", "el"),
        ("el;q=0, pt-BR;q=0.3", "pt-BR"),
        ("*", "en"),
        ("", "en")
    ])
    func language_choosesTheMostPreferredSupportedLanguage(header: String, expected: String) {
        #expect(LanguageNegotiation.language(forAcceptLanguage: header) == expected)
    }

    @Test func language_fallsBackToEnglishWithoutHeader() {
        #expect(LanguageNegotiation.language(forAcceptLanguage: nil) == "en")
    }

    @Test func language_readsOnlyTheFirstTagsOfALongHeader() {
        let unsupported = Array(repeating: "fr", count: LanguageNegotiation.maxTags)

        #expect(LanguageNegotiation.language(forAcceptLanguage: (unsupported + ["el"]).joined(separator: ",")) == "en")
        #expect(LanguageNegotiation.language(forAcceptLanguage: (["el"] + Array(repeating: "fr", count: 10_000)).joined(separator: ",")) == "el")
    }

    @Test func language_skipsATagLongerThanAnyLanguageTag() {
        let oversized = "el-" + String(repeating: "x", count: 64)

        #expect(LanguageNegotiation.language(forAcceptLanguage: "\(oversized), pt-BR;q=0.5") == "pt-BR")
    }
}
