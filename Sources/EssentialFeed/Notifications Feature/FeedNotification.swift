import Foundation

/// Something a person is told of: someone liked or commented on their photo, followed them
/// (or asked to, or accepted their request to), or mentioned them.
public struct FeedNotification: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case like, comment, follow, mention
    }

    /// Where a `.follow` stands when it is not yet, or not only, a follow.
    public enum FollowRequestStep: String, Hashable, Sendable {
        /// The actor asks to follow the person's locked account.
        case asked
        /// The actor accepted the person's request to follow them.
        case accepted
    }

    public let id: Int64
    public let kind: Kind
    public let createdAt: Date
    public let isRead: Bool
    /// Who did it.
    public let actor: User
    /// The photo liked, commented on or mentioned in.
    public let imageID: UUID?
    public let commentID: UUID?
    /// The start of the comment, or of the description that mentions the reader.
    public let excerpt: String?
    /// For a `.follow`: a request to follow asked or accepted; `nil` for a follow done.
    public let followRequest: FollowRequestStep?

    public init(
        id: Int64, kind: Kind, createdAt: Date, isRead: Bool, actor: User, imageID: UUID? = nil, commentID: UUID? = nil, excerpt: String? = nil,
        followRequest: FollowRequestStep? = nil
    ) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.isRead = isRead
        self.actor = actor
        self.imageID = imageID
        self.commentID = commentID
        self.excerpt = excerpt
        self.followRequest = kind == .follow ? followRequest : nil
    }
}

/// A page of notifications, the newest first, and how many the person has not read.
public struct NotificationsPage: Hashable, Sendable {
    public let items: [FeedNotification]
    public let unreadCount: Int

    public init(items: [FeedNotification], unreadCount: Int) {
        self.items = items
        self.unreadCount = unreadCount
    }
}
