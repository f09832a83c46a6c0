import Foundation

/// What a notification tells of.
package enum NotificationKind: String, Sendable, CaseIterable {
    /// Someone liked the recipient's photo.
    case like
    /// Someone commented on the recipient's photo.
    case comment
    /// Someone follows the recipient.
    case follow
    /// Someone mentioned the recipient in a comment or a description.
    case mention
    /// Someone asks to follow the recipient's locked account (told until it is answered).
    case followRequest = "follow_request"
    /// The recipient's request to follow someone was accepted (told while they follow).
    case followAccepted = "follow_accepted"
}

/// One thing a person is told of, with whom it is from and what it is about.
package struct StoredNotification: Equatable, Sendable {
    package let id: Int64
    package let kind: NotificationKind
    package let createdAt: Date
    package let read: Bool
    package let actor: FollowListEntry
    /// The photo liked, commented on or mentioned in.
    package var imageID: UUID? = nil
    /// The comment, when a comment is what it tells of.
    package var commentID: UUID? = nil
    /// The start of the comment, or of the description that mentions the recipient.
    package var excerpt: String? = nil

    package init(
        id: Int64, kind: NotificationKind, createdAt: Date, read: Bool, actor: FollowListEntry, imageID: UUID? = nil, commentID: UUID? = nil,
        excerpt: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.read = read
        self.actor = actor
        self.imageID = imageID
        self.commentID = commentID
        self.excerpt = excerpt
    }
}

/// A page of one person's notifications.
package struct NotificationPage: Equatable, Sendable {
    package let items: [StoredNotification]
    /// How many they have not read, counted up to `NotificationLimits.countedUnread`.
    package let unreadCount: Int

    package init(items: [StoredNotification], unreadCount: Int) {
        self.items = items
        self.unreadCount = unreadCount
    }
}

package enum NotificationLimits {
    /// Unread notifications are counted up to this many (a page says "9999+" beyond).
    package static let countedUnread = 9_999
    /// Characters of a comment or description an excerpt keeps.
    package static let excerptLength = 140
}

/// The notifications the database writes as likes, comments, follows and mentions come and
/// go (see the "Notifications" migrations); each person has read them up to a point.
package protocol NotificationStore: Sendable {
    /// The account's notifications, the newest first, older than the one with id `afterID`
    /// (which need not exist any more: a page goes on from where it stood).
    func notifications(of accountID: Int64, after afterID: Int64?, limit: Int) async throws -> NotificationPage

    /// How many of the account's notifications it has not read.
    func unreadNotificationCount(of accountID: Int64) async throws -> Int

    /// Marks read every notification of the account up to the one with id `id` (never past its
    /// newest, never back); gives the unread count then.
    func markNotificationsRead(of accountID: Int64, through id: Int64) async throws -> Int
}
