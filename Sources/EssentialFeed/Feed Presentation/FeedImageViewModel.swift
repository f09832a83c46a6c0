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
    /// The words the photo hides behind until the reader asks to see it, when it has some.
    public var contentWarning: String? = nil
    /// Whether its owner changed its texts after posting it.
    public var isEdited = false
    /// Whether only its author's followers see it.
    public var isForFollowersOnly = false

    public init(
        description: String?, location: String?, alternativeText: String? = nil, commentCount: Int? = nil, author: User? = nil, likeCount: Int? = nil,
        isLiked: Bool? = nil, contentWarning: String? = nil, isEdited: Bool = false, isForFollowersOnly: Bool = false
    ) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.commentCount = commentCount
        self.author = author
        self.likeCount = likeCount
        self.isLiked = isLiked
        self.contentWarning = contentWarning
        self.isEdited = isEdited
        self.isForFollowersOnly = isForFollowersOnly
    }

    public var hasLocation: Bool {
        location != nil
    }
}
