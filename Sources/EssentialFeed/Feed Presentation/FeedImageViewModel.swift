public struct FeedImageViewModel: Hashable, Sendable {
    public let description: String?
    public let location: String?
    public let alternativeText: String?
    public let commentCount: Int?
    public let author: User?

    public init(description: String?, location: String?, alternativeText: String? = nil, commentCount: Int? = nil, author: User? = nil) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.commentCount = commentCount
        self.author = author
    }

    public var hasLocation: Bool {
        location != nil
    }
}
