/// `@username` in a comment or a description: the person it names is told, and the app links
/// the name to their profile. One rule for both.
public struct Mention: Equatable, Sendable {
    /// Where `@name` stands in the text, the `@` included.
    public let range: Range<String.Index>
    /// The username as accounts keep it (lower case).
    public let username: String
}

public enum Mentions {
    /// The most people one text tells: a comment naming a hundred tells the first ten.
    public static let maximumTold = 10

    /// The length of any account's username, an operator's included.
    public static let nameLength = 3...32

    /// Every mention in `text`, in order. A mention is `@` then 3 to 32 of `a–z`, `A–Z`, `0–9`,
    /// `_` and `.` (not first), standing alone: not inside a word or an e-mail address
    /// (`rita@example.com`), and not followed by more name characters. Dots that end it are
    /// the sentence's, not the name's.
    public static func find(in text: String) -> [Mention] {
        var mentions: [Mention] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var previous: Unicode.Scalar?
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "@", !(previous.map(continuesAWord) ?? false) {
                var end = scalars.index(after: index)
                var name = ""
                while end != scalars.endIndex, isNameCharacter(scalars[end]), name.utf8.count <= nameLength.upperBound {
                    name.unicodeScalars.append(scalars[end])
                    end = scalars.index(after: end)
                }
                let followedByName = end != scalars.endIndex && isNameCharacter(scalars[end])
                while name.hasSuffix(".") {
                    name.removeLast()
                    end = scalars.index(before: end)
                }
                if nameLength.contains(name.utf8.count), !followedByName, !name.hasPrefix(".") {
                    mentions.append(Mention(range: index..<end, username: name.lowercased()))
                }
                previous = scalars[scalars.index(before: end)]
                index = end
                continue
            }
            previous = scalar
            index = scalars.index(after: index)
        }
        return mentions
    }

    /// The people `text` tells, each once, at most `maximumTold`.
    public static func usernames(in text: String) -> [String] {
        var told: [String] = []
        for mention in find(in: text) where !told.contains(mention.username) {
            told.append(mention.username)
            if told.count == maximumTold { break }
        }
        return told
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar == "_" || scalar == "." || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }

    /// A letter or digit of any script, `_`, `@` or `/`: an `@` after one is inside a word, an
    /// e-mail address or a web address's path (`https://example.com/@rita`).
    private static func continuesAWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "@" || scalar == "/" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
