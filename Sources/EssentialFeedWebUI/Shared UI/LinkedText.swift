import EssentialFeed

/// A person's text (a description, a comment, a bio) as markup: escaped, with every
/// `@username` linking to that profile and every `http(s)://` address to itself. Addresses
/// open as the reader's own navigation, marked as the text's author's (`ugc`), never followed
/// by search engines and told nothing of the page they came from.
enum LinkedText {
    /// The longest address linked: a longer one stays text.
    static let maximumAddressLength = 2_048

    static func html(_ text: String) -> HTML {
        var html = HTML.empty
        var plainStart = text.startIndex
        for link in links(in: text) {
            html += "\(String(text[plainStart..<link.range.lowerBound]))"
            let shown = String(text[link.range])
            switch link.kind {
            case let .mention(username):
                html += "<a class=\"mention\" href=\"\(ProfileLinks.profile(username))\">\(shown)</a>"
            case .address:
                html += "<a class=\"text-link\" href=\"\(shown)\" rel=\"nofollow ugc noopener noreferrer\">\(shown)</a>"
            }
            plainStart = link.range.upperBound
        }
        return html + "\(String(text[plainStart...]))"
    }

    private struct Link {
        enum Kind {
            case mention(String)
            case address
        }

        let range: Range<String.Index>
        let kind: Kind
    }

    private static func links(in text: String) -> [Link] {
        let mentions = Mentions.find(in: text).map { Link(range: $0.range, kind: .mention($0.username)) }
        let addresses = self.addresses(in: text).map { Link(range: $0, kind: .address) }
        // A mention inside an address (`https://example.com/@rita`) is part of the address.
        return (addresses + mentions.filter { mention in !addresses.contains { $0.range.overlaps(mention.range) } })
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `http://` or `https://` where a word starts, up to white space, without the punctuation
    /// that ends a sentence or closes a bracket the address did not open.
    private static func addresses(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let scheme = text.range(of: "http", options: [.caseInsensitive], range: searchStart..<text.endIndex) {
            searchStart = scheme.upperBound
            let startsAWord = scheme.lowerBound == text.startIndex || !text[text.index(before: scheme.lowerBound)].isLetter
            let rest = text[scheme.upperBound...]
            let separator = rest.lowercased().hasPrefix("s://") ? 4 : rest.hasPrefix("://") ? 3 : 0
            guard startsAWord, separator > 0 else { continue }
            var end = text.index(scheme.upperBound, offsetBy: separator)
            while end != text.endIndex, !endsAnAddress(text[end]) { end = text.index(after: end) }
            end = trimmingClosingPunctuation(text, from: scheme.lowerBound, to: end)
            let hostStart = text.index(scheme.upperBound, offsetBy: separator)
            guard hostStart < end, text.distance(from: scheme.lowerBound, to: end) <= maximumAddressLength else {
                searchStart = max(searchStart, end)
                continue
            }
            found.append(scheme.lowerBound..<end)
            searchStart = end
        }
        return found
    }

    /// White space, the characters that close an attribute or a tag, and invisible ones
    /// (direction overrides, zero-width spaces, soft hyphens), which would make an address read
    /// as another.
    private static func endsAnAddress(_ character: Character) -> Bool {
        character.isWhitespace || "<>\"".contains(character)
            || character.unicodeScalars.contains { [.format, .control].contains($0.properties.generalCategory) }
    }

    private static func trimmingClosingPunctuation(_ text: String, from start: String.Index, to end: String.Index) -> String.Index {
        var end = end
        while end > start {
            let last = text[text.index(before: end)]
            let opened = text[start..<end].filter { $0 == "(" }.count
            let closed = text[start..<end].filter { $0 == ")" }.count
            guard ".,;:!?'".contains(last) || (last == ")" && closed > opened) || "]}".contains(last) else { break }
            end = text.index(before: end)
        }
        return end
    }
}
