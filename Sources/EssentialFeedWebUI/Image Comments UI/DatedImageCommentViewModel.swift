import EssentialFeed

/// A comment as the presenter shows it, with its date in ISO 8601 for machines
/// (`<time datetime>`) next to the relative date people read.
public struct DatedImageCommentViewModel: Hashable, Sendable {
    public let comment: ImageCommentViewModel
    public let isoDate: String

    public init(comment: ImageCommentViewModel, isoDate: String) {
        self.comment = comment
        self.isoDate = isoDate
    }
}
