import Foundation

/// A comment that cannot be posted as it is.
public enum ImageCommentMessageError: Error, Equatable, Sendable {
    case empty
    case tooLong(maximum: Int)
}

/// What a comment's message must be, wherever it is checked — the app before it sends one,
/// the API before it keeps one: trimmed, 1 to `maximumLength` characters, some of them
/// visible (zero-width and direction-control characters alone are nothing to read), without
/// control characters other than line breaks and tabs (a NUL would end the text in a store).
public enum ImageCommentMessage {
    public static let maximumLength = 2_000

    /// The message as it is kept: trimmed of surrounding whitespace and newlines.
    public static func accepted(_ message: String) throws(ImageCommentMessageError) -> String {
        let printable = String(String.UnicodeScalarView(message.unicodeScalars.filter { !isStrayControl($0) }))
        let trimmed = printable.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.contains(where: VisibleText.isVisible) else { throw .empty }
        guard trimmed.count <= maximumLength else { throw .tooLong(maximum: maximumLength) }
        return trimmed
    }

    private static func isStrayControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\n", "\r", "\t"].contains(scalar)
    }
}
