public struct ImageCommentsViewModel: Hashable, Sendable {
    public let comments: [ImageCommentViewModel]

    public init(comments: [ImageCommentViewModel]) {
        self.comments = comments
    }
}
