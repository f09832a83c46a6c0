public struct ImageCommentViewModel: Hashable, Sendable {
    public let message: String
    /// When the comment was made, relative to now: "1 day ago".
    public let date: String
    public let username: String
    /// The author's name, shown with the username as the feed shows a post's author.
    public let name: String?
    /// The author's picture, when they have one.
    public let avatar: Avatar?

    public init(message: String, date: String, username: String, name: String? = nil, avatar: Avatar? = nil) {
        self.message = message
        self.date = date
        self.username = username
        self.name = name
        self.avatar = avatar
    }
}
