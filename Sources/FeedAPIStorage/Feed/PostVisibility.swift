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

    /// A condition on the row `table` (of `feed_item`): its author is not suspended. A
    /// suspended person's posts are unknown by id (and to likes, comments and reports) as they
    /// are absent from every list.
    package static func byUnsuspendedAuthor(table: String = "feed_item") -> String {
        """
        NOT EXISTS (SELECT 1 FROM account AS suspended_author
            WHERE suspended_author.id = \(table).author_id AND suspended_author.suspended_at IS NOT NULL)
        """
    }

    /// What a reader is shown of a post by id, its comments and likes: what they may see, less
    /// the posts of anyone in a block with them (either way).
    package static func readable(by viewerID: Int64?, table: String = "feed_item") -> String {
        guard let viewerID else { return includes(accountID: nil, table: table) }
        return readable(String(viewerID), table: table)
    }

    /// The same for `viewer`, an SQL expression for an account id.
    package static func readable(_ viewer: String, table: String = "feed_item") -> String {
        """
        (\(includes(viewer, table: table)) AND NOT EXISTS (SELECT 1 FROM block
            WHERE (block.blocker_id = \(table).author_id AND block.blocked_id = \(viewer))
                OR (block.blocker_id = \(viewer) AND block.blocked_id = \(table).author_id)))
        """
    }

    /// A condition on a `notification` row: it names no post, or one its recipient may still
    /// read (an ex-follower is no longer told of a followers-only post, nor shown its words;
    /// nor is anyone of a post by someone in a block with them).
    package static func notificationShown(to recipientID: Int64) -> String {
        """
        (notification.feed_item_position IS NULL OR EXISTS (SELECT 1 FROM feed_item AS told
            WHERE told.position = notification.feed_item_position AND \(readable(by: recipientID, table: "told"))))
        """
    }
}
