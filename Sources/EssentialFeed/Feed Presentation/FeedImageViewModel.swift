public struct FeedImageViewModel: Hashable, Sendable {
    public let description: String?
    public let location: String?
    public let alternativeText: String?
    public let commentCount: Int?
    public let author: User?
    /// How many like it, when known.
    public var likeCount: Int? = nil
    /// Whether the reader likes it, when known.
    public var isLiked: Bool? = nil

    public init(
        description: String?, location: String?, alternativeText: String? = nil, commentCount: Int? = nil, author: User? = nil, likeCount: Int? = nil,
        isLiked: Bool? = nil
    ) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.commentCount = commentCount
        self.author = author
        self.likeCount = likeCount
        self.isLiked = isLiked
    }

    public var hasLocation: Bool {
        location != nil
    }
}
