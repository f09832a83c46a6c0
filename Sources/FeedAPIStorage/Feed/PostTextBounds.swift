import Foundation

/// What a post's texts may hold, however they arrive (an upload, an edit, an imported
/// archive): each written once here.
package enum PostTextBounds {
    /// The description, the location and the alt text.
    package static let text = 500
    package static let contentWarning = 200

    /// A post's texts, as the API names them.
    package enum Field: String, CaseIterable, Sendable {
        case description
        case location
        case alt
        case contentWarning = "content_warning"

        /// How many characters it may hold.
        package var limit: Int { self == .contentWarning ? PostTextBounds.contentWarning : PostTextBounds.text }
        /// Whether it may break lines.
        package var allowsLineBreaks: Bool { self == .description || self == .alt }
    }

    /// The text as a post keeps it: a browser's line breaks (`\r\n`, `\r`) made `\n`, and the
    /// white space around it trimmed; `nil` for nothing left.
    package static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Why `text` (cleaned) cannot be a post's `field`, when it cannot: too long, or holding a
    /// control character other than a line break where the field allows them (a NUL would cut
    /// it short in storage, and others hide in what people read).
    package static func problem(with text: String, as field: Field) -> String? {
        guard text.count <= field.limit else { return "`\(field.rawValue)` must be at most \(field.limit) characters." }
        let allowed: (Unicode.Scalar) -> Bool = { scalar in
            (field.allowsLineBreaks && scalar == "\n") || scalar.properties.generalCategory != .control
        }
        guard text.unicodeScalars.allSatisfy(allowed) else {
            return "`\(field.rawValue)` must not hold control characters\(field.allowsLineBreaks ? " other than line breaks" : "")."
        }
        return nil
    }
}
