import Testing
@testable import EssentialFeedWebUI

@Suite struct HTMLEscapingTests {
    @Test(arguments: [
        ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
        ("Fish & Chips", "Fish &amp; Chips"),
        ("say \"hi\"", "say &quot;hi&quot;"),
        ("it's", "it&#39;s"),
        ("&amp;", "&amp;amp;"),
        ("Καλημέρα ☀︎", "Καλημέρα ☀︎"),
    ])
    func htmlEscaped_replacesEveryCharacterWithMeaningInHTML(text: String, expected: String) {
        #expect(text.htmlEscaped == expected)
    }

    @Test func escapingInterpolation_escapesOnlyTheInterpolatedText() {
        let text = "<script>"
        #expect("<p>\(escaping: text)</p>" == "<p>&lt;script&gt;</p>")
    }
}
