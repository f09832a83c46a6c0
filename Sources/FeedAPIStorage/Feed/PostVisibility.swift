import Foundation

/// Who may see a post: everyone, or only its author's followers (and the author).
package enum PostVisibility: String, Sendable, CaseIterable {
    case `public`
    case followers
}

/// The SQL both databases filter posts by, so the rule of who sees a followers-only post is
/// written once: everyone sees public posts; the author and the author's followers see the rest.
package enum PostAudience {
    /// A condition on the row `table` (of `feed_item`): whether `viewer` sees it. `viewer` is an
    /// SQL expression for an account id; `nil` is someone not logged in.
    package static func includes(_ viewer: String?, table: String = "feed_item") -> String {
        guard let viewer else { return "\(table).visibility = 'public'" }
        return """
            (\(table).visibility = 'public' OR \(table).author_id = \(viewer)
                OR EXISTS (SELECT 1 FROM follow WHERE follow.follower_id = \(viewer) AND follow.followed_id = \(table).author_id))
            """
    }

    /// The same for a known account id (or no one).
    package static func includes(accountID: Int64?, table: String = "feed_item") -> String {
        includes(accountID.map(String.init), table: table)
    }
}
