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
        ("", "")
    ])
    func htmlEscaped_replacesEveryCharacterWithMeaningInHTML(text: String, expected: String) {
        #expect(text.htmlEscaped == expected)
    }

    @Test func htmlInterpolation_escapesInterpolatedTextByDefault_andNumbers_butNotTheLiteralMarkup() {
        let text = "<script>"
        let html: HTML = "<p title=\"\(text)\">\(text) \(3)</p>"

        #expect(html.rendered == "<p title=\"&lt;script&gt;\">&lt;script&gt; 3</p>")
    }

    @Test func htmlInterpolation_keepsMarkupThatIsAlreadyHTML_andWritesNothingForAbsentMarkup() {
        let inner: HTML = "<em>\("a & b")</em>"
        let absent: HTML? = nil
        let html: HTML = "<p>\(inner)\(absent)</p>"

        #expect(html.rendered == "<p><em>a &amp; b</em></p>")
    }

    @Test func htmlPieces_joinAndAppendAsMarkup() {
        var html: HTML = "<ul>"
        html += ["a<", "b"].map { item -> HTML in "<li>\(item)</li>" }.joined()
        html += "</ul>"

        #expect(html.rendered == "<ul><li>a&lt;</li><li>b</li></ul>")
        #expect(hidden(true).rendered == " hidden")
        #expect(hidden(false).isEmpty)
    }
}
