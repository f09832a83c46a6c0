public struct FeedImageViewModel: Hashable, Sendable {
    public let description: String?
    public let location: String?
    public let alternativeText: String?
    public let commentCount: Int?

    public init(description: String?, location: String?, alternativeText: String? = nil, commentCount: Int? = nil) {
        self.description = description
        self.location = location
        self.alternativeText = alternativeText
        self.commentCount = commentCount
    }

    public var hasLocation: Bool {
        location != nil
    }
}
