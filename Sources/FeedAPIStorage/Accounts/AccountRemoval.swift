import Foundation

/// A person leaving: everything of theirs goes at once, in one transaction.
package protocol AccountRemoval: Sendable {
    /// Deletes the account and all it made: its posts and their image files (those no other
    /// post, avatar or story uses), its comments anywhere, its likes, follows, follow requests,
    /// notifications, reports, blocks, sessions, tokens and invitations. Its username cannot be
    /// taken again before `reservedUntil`. `false` when there is no such account.
    func removeAccount(_ accountID: Int64, reservingUsernameUntil reservedUntil: Date, at date: Date) async throws -> Bool
}

/// A departed person's username stays theirs for a while: nobody else takes it at once.
package enum ReservedUsernames {
    package static let keptFor: TimeInterval = 30 * 24 * 3600

    package static func until(leavingAt date: Date) -> Date {
        date.addingTimeInterval(keptFor)
    }
}
