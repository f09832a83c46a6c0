import Foundation

/// Finding people by what one remembers of them: part of their username or of their name.
package protocol PeopleDirectory: Sendable {
    /// Those whose username or name holds `text` (case aside, in any script), the closest
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
        let folded = text.lowercased()
        var escaped = ""
        for character in folded {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return (viewerID, folded, escaped + "%", "% " + escaped + "%", "%" + escaped + "%", Int64(limit))
    }

    /// The search's SQL: `placeholder(n)` writes the n-th argument (from 1), `fold` an
    /// expression lower-cased as `String.lowercased()` does.
    package static func query(placeholder: (Int) -> String, fold: (String) -> String) -> String {
        let name = fold("account.name")
        return """
            SELECT account.username, account.name, account.avatar FROM account
            WHERE account.suspended_at IS NULL
                AND (account.username LIKE \(placeholder(5)) ESCAPE '\\' OR \(name) LIKE \(placeholder(5)) ESCAPE '\\')
                AND NOT EXISTS (SELECT 1 FROM block
                    WHERE (block.blocker_id = \(placeholder(1)) AND block.blocked_id = account.id)
                        OR (block.blocker_id = account.id AND block.blocked_id = \(placeholder(1))))
            ORDER BY CASE
                    WHEN account.username = \(placeholder(2)) THEN 0
                    WHEN account.username LIKE \(placeholder(3)) ESCAPE '\\' THEN 1
                    WHEN \(name) LIKE \(placeholder(3)) ESCAPE '\\' OR \(name) LIKE \(placeholder(4)) ESCAPE '\\' THEN 2
                    ELSE 3
                END,
                account.followers_count DESC, account.username
            LIMIT \(placeholder(6))
            """
    }

    /// SQLite's own `lower()` knows ASCII alone; this one, registered on every connection,
    /// lower-cases as PostgreSQL's does with ICU.
    package static let sqliteFoldFunction = "unicode_lower"
}
