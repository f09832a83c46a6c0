import Foundation

/// A display name or a bio that cannot be kept as it is.
public enum ProfileTextError: Error, Equatable, Sendable {
    /// Nothing a reader would see (a display name must have something).
    case empty
    case tooLong(maximum: Int)
    /// Control characters, direction overrides, zero-width spaces, line breaks in a name:
    /// what only disguises a text.
    case disguisingCharacters
}

/// What a person may write of themselves, wherever it is checked — the app before it sends
/// it, the API before it keeps it: trimmed, within its length, with nothing that disguises
/// the text. Emoji sequences and scripts that need joiners are kept whole.
public enum ProfileText {
    public static let displayNameLength = 1...50
    public static let maximumBioLength = 300
    /// Characters are counted as a reader sees them; this bounds what each may be made of
    /// (a letter with hundreds of combining marks is one character, and drawn as a smear).
    static let scalarsPerCharacter = 4

    /// The name shown beside everything the person posts.
    public static func displayName(_ text: String) throws(ProfileTextError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.allSatisfy({ isAllowed($0, lineBreaks: false) }) else { throw .disguisingCharacters }
        guard trimmed.unicodeScalars.contains(where: VisibleText.isVisible) else { throw .empty }
        try checkLength(trimmed, maximum: displayNameLength.upperBound)
        return trimmed
    }

    /// What the profile says under the name; may be empty; line breaks kept (as `\n`).
    public static func bio(_ text: String) throws(ProfileTextError) -> String {
        let unixLines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let trimmed = unixLines.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.allSatisfy({ isAllowed($0, lineBreaks: true) }) else { throw .disguisingCharacters }
        try checkLength(trimmed, maximum: maximumBioLength)
        return trimmed
    }

    private static func checkLength(_ text: String, maximum: Int) throws(ProfileTextError) {
        guard text.count <= maximum, text.unicodeScalars.count <= maximum * scalarsPerCharacter else { throw .tooLong(maximum: maximum) }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar, lineBreaks: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: lineBreaks && scalar == "\n"
        case .format: VisibleText.isNeededFormat(scalar)
        case .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse: false
        default: true
        }
    }
}
