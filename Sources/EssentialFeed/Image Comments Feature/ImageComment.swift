import Foundation

public struct ImageComment: Hashable, Sendable {
    public let id: UUID
    public let message: String
    public let createdAt: Date
    public let username: String
    /// The author's name, when the API gives it.
    public let authorName: String?
    /// The author's picture, when they have one.
    public let authorAvatar: Avatar?

    public init(id: UUID, message: String, createdAt: Date, username: String, authorName: String? = nil, authorAvatar: Avatar? = nil) {
        self.id = id
        self.message = message
        self.createdAt = createdAt
        self.username = username
        self.authorName = authorName
        self.authorAvatar = authorAvatar
    }
}
