import Foundation

/// Finding people by what one remembers of them: part of their username or of their name.
package protocol PeopleDirectory: Sendable {
    /// Those whose username or name holds `text` (case and accents aside, in any script), the closest
    /// first: the username itself, a username it begins, a name with a word it begins, then
    /// the rest; among equals, the most followed. Never the suspended, nor anyone in a block
    /// with the viewer (either way).
    func searchPeople(_ text: String, visibleTo viewerID: Int64, limit: Int) async throws -> [PersonSummary]
}

/// The one search both databases run: the SQL, its arguments, and how text is folded.
package enum PeopleSearch {
    /// The arguments of `query`, in its placeholders' order: the viewer, the folded text, and
    /// the patterns for a beginning, a word's beginning and anywhere (`%`, `_` and `\` in the
    /// text stand for themselves).
    package static func arguments(for text: String, viewerID: Int64, limit: Int) -> (Int64, String, String, String, String, Int64) {
        let folded = folded(text)
        var escaped = ""
        for character in folded {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return (viewerID, folded, escaped + "%", "% " + escaped + "%", "%" + escaped + "%", Int64(limit))
    }

    /// Text as a search compares it: lower case, accents and other combining marks gone (people
    /// type "dimitra" and "δημητρα" for "Δήμητρα"), whichever way it was composed, and a final
    /// sigma as any other. Each account's `search_name` is its name so folded.
    package static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars where !combiningMarks.contains(scalar.value) {
            scalars.append(scalar == "ς" ? "σ" : scalar)
        }
        return String(scalars)
    }

    /// Combining Diacritical Marks: what a decomposed accent is.
    private static let combiningMarks: ClosedRange<UInt32> = 0x300...0x36F

    /// `folded` in PostgreSQL's SQL, for the names of a database made before `search_name`:
    /// ICU's `lower()` (the database's own collation may be `C`, which lower-cases ASCII alone),
    /// decomposed, its marks taken away, a final sigma as any other.
    package static func postgresFold(_ expression: String) -> String {
        "translate(regexp_replace(normalize(lower(\(expression) COLLATE \"und-x-icu\"), NFD), '[\\u0300-\\u036f]', '', 'g'), 'ς', 'σ')"
    }

    /// The search's SQL: `placeholder(n)` writes the n-th argument (from 1).
    package static func query(placeholder: (Int) -> String) -> String {
        """
        SELECT account.username, account.name, account.avatar FROM account
        WHERE account.suspended_at IS NULL
            AND (account.username LIKE \(placeholder(5)) ESCAPE '\\' OR account.search_name LIKE \(placeholder(5)) ESCAPE '\\')
            AND NOT EXISTS (SELECT 1 FROM block
                WHERE (block.blocker_id = \(placeholder(1)) AND block.blocked_id = account.id)
                    OR (block.blocker_id = account.id AND block.blocked_id = \(placeholder(1))))
        ORDER BY CASE
                WHEN account.username = \(placeholder(2)) THEN 0
                WHEN account.username LIKE \(placeholder(3)) ESCAPE '\\' THEN 1
                WHEN account.search_name LIKE \(placeholder(3)) ESCAPE '\\' OR account.search_name LIKE \(placeholder(4)) ESCAPE '\\' THEN 2
                ELSE 3
            END,
            account.followers_count DESC, account.username
        LIMIT \(placeholder(6))
        """
    }
}
