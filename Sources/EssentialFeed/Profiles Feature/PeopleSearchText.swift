import Foundation

/// What a search for people looks for, the same rule for the app's form and the API: what
/// was typed without the spaces around it and a leading `@` (people write names so).
public enum PeopleSearchText {
    public static let maximumLength = 64

    /// Characters as people see them may each be several code points (an accent, an emoji's
    /// parts); a search holds at most this many code points all the same.
    public static let maximumCodePoints = 4 * maximumLength

    /// The text to search for; `nil` when nothing is left, when it is longer than
    /// `maximumLength` characters (or `maximumCodePoints`), or when it holds a control character.
    public static func searched(_ typed: some StringProtocol) -> String? {
        guard typed.unicodeScalars.count <= 2 * maximumCodePoints else { return nil }
        var text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("@") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard (1...maximumLength).contains(text.count), text.unicodeScalars.count <= maximumCodePoints,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return text
    }
}
