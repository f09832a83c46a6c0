import Foundation

/// What a report is about: a photo, a comment on a photo, or an account.
public enum ReportSubject: Hashable, Sendable {
    case photo(UUID)
    case comment(UUID, onPhoto: UUID)
    case account(username: String)
}

/// Why someone reports something, as the API names it.
public enum ReportReason: String, CaseIterable, Sendable {
    case spam, abuse, illegal, other
}

/// A report moderators have not acted on, with what it names as it stands now.
public struct ModerationReport: Hashable, Sendable {
    /// What was reported, as it stands; `nil` when it is gone.
    public enum Content: Hashable, Sendable {
        case photo(FeedImage)
        case comment(id: UUID, message: String, username: String, photoID: UUID)
        case account(username: String, name: String, isSuspended: Bool)
    }

    public let id: Int64
    public let reporter: String
    public let reason: ReportReason
    public let note: String?
    public let createdAt: Date
    public let content: Content?

    public init(id: Int64, reporter: String, reason: ReportReason, note: String?, createdAt: Date, content: Content?) {
        self.id = id
        self.reporter = reporter
        self.reason = reason
        self.note = note
        self.createdAt = createdAt
        self.content = content
    }
}

/// One line of the moderators' audit log.
public struct ModerationLogEntry: Hashable, Sendable {
    public let id: Int64
    public let moderator: String
    /// `remove_image`, `remove_comment`, `suspend`, `lift_suspension` or `dismiss`.
    public let action: String
    /// The photo's or comment's id, or the account's username.
    public let target: String
    public let reason: String?
    public let createdAt: Date

    public init(id: Int64, moderator: String, action: String, target: String, reason: String?, createdAt: Date) {
        self.id = id
        self.moderator = moderator
        self.action = action
        self.target = target
        self.reason = reason
        self.createdAt = createdAt
    }
}
