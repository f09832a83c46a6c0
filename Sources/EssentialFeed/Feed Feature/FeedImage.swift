import Foundation

public struct FeedImage: Hashable, Sendable {
    public let id: UUID
    public let description: String?
    public let location: String?
    public let url: URL
    /// What the photo shows, for those who cannot see it, when the poster wrote it.
    public let alternativeText: String?
    /// How many comments the image has, when the API says.
    public let commentCount: Int?
    /// Who posted it, when the API says.
    public let author: User?
    /// Its size, placeholder and URL per size, when the API says.
    public let photo: FeedPhoto?
    /// When it was posted, when the API says.
    public let createdAt: Date?
    /// How many people like it, when the API says.
    public var likeCount: Int? = nil
    /// Whether the reader likes it, when the API knows the reader.
    public var isLiked: Bool? = nil
    /// Why a reader may not want to see it at once, when its owner said: it is shown blurred
    /// behind these words until the reader asks to see it.
    public var contentWarning: String? = nil
    /// When its owner last changed its texts, when they did.
    public var editedAt: Date? = nil
    /// Who may see it: everyone, or its author's followers alone.
    public var visibility: FeedImageVisibility = .public

    public init(
        id: UUID, description: String?, location: String?, url: URL,
        alternativeText: String? = nil, commentCount: Int? = nil, author: User? = nil,
        photo: FeedPhoto? = nil, createdAt: Date? = nil, likeCount: Int? = nil, isLiked: Bool? = nil,
        contentWarning: String? = nil, editedAt: Date? = nil, visibility: FeedImageVisibility = .public
    ) {
        self.id = id
        self.description = description
        self.location = location
        self.url = url
        self.alternativeText = alternativeText
        self.commentCount = commentCount
        self.author = author
        self.photo = photo
        self.createdAt = createdAt
        self.likeCount = likeCount
        self.isLiked = isLiked
        self.contentWarning = contentWarning
        self.editedAt = editedAt
        self.visibility = visibility
    }
}

/// Who may see a photo: everyone, or only its author and their followers.
public enum FeedImageVisibility: String, CaseIterable, Hashable, Sendable {
    case `public`
    case followers
}
