import Testing

@testable import EssentialFeedWebUI

struct LinkedTextTests {
    @Test func mentions_linkToTheirProfiles_andEverythingElseStaysEscapedText() {
        #expect(
            LinkedText.html("Tea with @Rita & <b>@ben_2</b>, not rita@example.com").rendered
                == #"Tea with <a class="mention" href="/@rita">@Rita</a> &amp; &lt;b&gt;<a class="mention" href="/@ben_2">@ben_2</a>&lt;/b&gt;, not rita@example.com"#)
        #expect(LinkedText.html("").rendered == "")
        #expect(LinkedText.html("@ab @abc").rendered == #"@ab <a class="mention" href="/@abc">@abc</a>"#, "too short to be a name")
    }

    @Test func addresses_linkToThemselves_withoutTheSentencesPunctuation() {
        let link = { (address: String) in #"<a class="text-link" href="\#(address)" rel="nofollow ugc noopener noreferrer">\#(address)</a>"# }

        #expect(LinkedText.html("See https://example.com/a?b=1.").rendered == "See " + link("https://example.com/a?b=1") + ".")
        #expect(
            LinkedText.html("(at http://example.com/x_(y)) and HTTPS://Example.com!").rendered
                == "(at " + link("http://example.com/x_(y)") + ") and " + link("HTTPS://Example.com") + "!")
        #expect(LinkedText.html("https://example.com/@rita").rendered == link("https://example.com/@rita"), "the mention is part of the address")
        #expect(
            LinkedText.html(#"https://example.com/?a=1&b="x"#).rendered
                == #"<a class="text-link" href="https://example.com/?a=1&amp;b=" rel="nofollow ugc noopener noreferrer">https://example.com/?a=1&amp;b=</a>&quot;x"#)
    }

    @Test func anAddress_endsAtAnInvisibleCharacter_thatWouldMakeItReadAsAnother() {
        for invisible in ["\u{202E}", "\u{2066}", "\u{200B}", "\u{00AD}"] {
            let html = LinkedText.html("https://example.com/" + invisible + "gpj.exe").rendered
            #expect(html.hasPrefix(#"<a class="text-link" href="https://example.com/" rel"#), "\(invisible.unicodeScalars.first?.value ?? 0)")
        }
    }

    @Test func whatOnlyLooksLikeAnAddress_staysText() {
        for text in ["javascript:alert(1)", "https://", "xhttps://example.com", "http:/example.com", "data:text/html,<b>"] {
            #expect(!LinkedText.html(text).rendered.contains("<a"), "\(text)")
        }
        let long = "https://example.com/" + String(repeating: "a", count: LinkedText.maximumAddressLength)
        #expect(LinkedText.html(long).rendered == long)
    }
}
