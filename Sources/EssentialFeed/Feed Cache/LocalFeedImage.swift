import Foundation

/// The cache's own representation of a feed image, so the storage format can
/// evolve independently of the domain model.
public struct LocalFeedImage: Hashable, Sendable {
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
    public let photo: LocalFeedPhoto?
    public let createdAt: Date?
    /// How many liked it when it was cached (whose like it was is the reader's, never cached here).
    public var likeCount: Int? = nil
    /// The words the photo is shown blurred behind, when its owner gave some.
    public var contentWarning: String? = nil
    public var editedAt: Date? = nil

    public init(
        id: UUID, description: String?, location: String?, url: URL,
        alternativeText: String? = nil, commentCount: Int? = nil, author: User? = nil,
        photo: LocalFeedPhoto? = nil, createdAt: Date? = nil, likeCount: Int? = nil,
        contentWarning: String? = nil, editedAt: Date? = nil
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
        self.contentWarning = contentWarning
        self.editedAt = editedAt
    }
}

/// The cache's copy of a photo's size, placeholder and URL per size (keyed by size name).
public struct LocalFeedPhoto: Hashable, Sendable, Codable {
    public let width: Int
    public let height: Int
    public let averageColor: String?
    public let blurHash: String?
    public let urls: [String: URL]

    public init(width: Int, height: Int, averageColor: String?, blurHash: String?, urls: [String: URL]) {
        self.width = width
        self.height = height
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.urls = urls
    }
}
