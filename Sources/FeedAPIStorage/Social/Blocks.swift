import Foundation

/// Blocking and muting between two accounts.
///
/// A block goes both ways in effect: it removes the follows between the two, each stops
/// seeing the other's posts in the timeline, profile and notifications, and their follows,
/// likes and comments on each other's posts are refused. A mute only keeps the muted person
/// out of the muter's timeline and notifications, and the muted person cannot tell.
package protocol BlockStore: Sendable {
    /// `blockerID` blocks `blockedID` (removing the follows between them), or no longer does;
    /// repeating changes nothing.
    func setBlock(_ blocking: Bool, of blockedID: Int64, by blockerID: Int64, at date: Date) async throws
    /// `muterID` mutes `mutedID`, or no longer does; repeating changes nothing.
    func setMute(_ muting: Bool, of mutedID: Int64, by muterID: Int64, at date: Date) async throws
    /// Whether either of the two blocks the other.
    func isBlocked(between firstID: Int64, and secondID: Int64) async throws -> Bool
    /// What the viewer has done to the account.
    func blockState(of viewerID: Int64, toward accountID: Int64) async throws -> BlockState
    /// Which of these public posts are by someone the reader does not hear from (muted, or in a
    /// block either way): lists every reader shares leave them out for that reader. Posts the
    /// public feed does not show are never named.
    func silencedItems(among itemIDs: [UUID], for readerID: Int64) async throws -> Set<UUID>
    /// Whom the account blocks or mutes, by username (case aside), those after `username`
    /// (who need not be in the list any more).
    func people(_ list: SilencedList, by accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry]
}

/// The people one keeps away.
package enum SilencedList: Sendable {
    case blocked
    case muted

    /// The list's table, the column of whose list a row is in, and the column of who is in it.
    var columns: (table: String, owner: String, listed: String) {
        switch self {
        case .blocked: ("block", "blocker_id", "blocked_id")
        case .muted: ("mute", "muter_id", "muted_id")
        }
    }

    /// The SQL both databases read a page with, given the owner's id, the username after
    /// which it starts (`""` for the first) and how many.
    package func pageQuery(placeholders: (String, String, String)) -> String {
        let (table, owner, listed) = columns
        return """
            SELECT account.username, account.name, account.avatar FROM \(table) JOIN account ON account.id = \(table).\(listed)
            WHERE \(table).\(owner) = \(placeholders.0) AND lower(account.username) > lower(\(placeholders.1))
            ORDER BY lower(account.username) LIMIT \(placeholders.2)
            """
    }
}

package struct BlockState: Equatable, Sendable {
    package let blocking: Bool
    package let muting: Bool

    package init(blocking: Bool, muting: Bool) {
        self.blocking = blocking
        self.muting = muting
    }
}

/// An action refused because one of the two blocks the other.
package struct BlockedInteraction: Error, Equatable {
    package init() {}
}

/// The SQL both databases filter comments by: whether the row `account` (a comment's author,
/// joined) is in a block with `viewerID` either way. Nobody is, for someone not logged in.
package enum BlockedAuthors {
    package static func excluded(for viewerID: Int64?) -> String {
        guard let viewerID else { return "TRUE" }
        return """
            (account.id IS NULL OR account.id NOT IN (
                SELECT blocked_id FROM block WHERE blocker_id = \(viewerID) UNION SELECT blocker_id FROM block WHERE blocked_id = \(viewerID)))
            """
    }
}

/// The SQL both databases filter by: accounts a reader does not hear from (muted, or in a
/// block either way), given the reader's id three times.
package enum SilencedAccounts {
    package static let subquery = """
        SELECT muted_id FROM mute WHERE muter_id = ?
        UNION SELECT blocked_id FROM block WHERE blocker_id = ?
        UNION SELECT blocker_id FROM block WHERE blocked_id = ?
        """

    /// The posts a question about silenced authors may name: those the public feed shows, so the
    /// answer tells nothing of a post the reader could not find there.
    package static let amongPublicPosts = "\(PostAudience.includes(accountID: nil)) AND \(PostAudience.byUnsuspendedAuthor())"

    /// The same accounts for one reader, whose id is written in (a number: nothing to escape).
    package static func subquery(for readerID: Int64) -> String {
        """
        SELECT muted_id FROM mute WHERE muter_id = \(readerID)
        UNION SELECT blocked_id FROM block WHERE blocker_id = \(readerID)
        UNION SELECT blocker_id FROM block WHERE blocked_id = \(readerID)
        """
    }
}
