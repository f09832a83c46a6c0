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
        ("Καλη<μέρα> 'ok' & ☀︎", "Καλη&lt;μέρα&gt; &#39;ok&#39; &amp; ☀︎"),
        ("e\u{301}<e\u{301}", "e\u{301}&lt;e\u{301}"),
        ("", ""),
    ])
    func htmlEscaped_replacesEveryCharacterWithMeaningInHTML(text: String, expected: String) {
        #expect(text.htmlEscaped == expected)
    }

    @Test func escapingInterpolation_escapesOnlyTheInterpolatedText() {
        let text = "<script>"
        #expect("<p>\(escaping: text)</p>" == "<p>&lt;script&gt;</p>")
    }
}
