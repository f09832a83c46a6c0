import EssentialFeed
import Foundation

/// A comment as the presenter shows it, with its date in ISO 8601 for machines
/// (`<time datetime>`) next to the relative date people read.
public struct DatedImageCommentViewModel: Hashable, Sendable {
    public let comment: ImageCommentViewModel
    public let isoDate: String
    /// The comment's id, for the way to delete it.
    public var id: UUID? = nil

    public init(comment: ImageCommentViewModel, isoDate: String, id: UUID? = nil) {
        self.comment = comment
        self.isoDate = isoDate
        self.id = id
    }
}

/// What the reader may do with each comment of a list: delete their own, or all on their own
/// photo; report the others. The API decides; this only offers the way.
public struct CommentActions: Sendable, Equatable {
    public let imageID: UUID
    public let reader: String
    public let readerOwnsPhoto: Bool

    public init(imageID: UUID, reader: String, readerOwnsPhoto: Bool) {
        self.imageID = imageID
        self.reader = reader
        self.readerOwnsPhoto = readerOwnsPhoto
    }

    func link(for comment: DatedImageCommentViewModel, deleteLabel: String, reportLabel: String) -> HTML {
        guard let id = comment.id else { return .empty }
        let isOwn = comment.comment.username.lowercased() == reader.lowercased()
        let delete: HTML =
            readerOwnsPhoto || isOwn ? " <a class=\"comment-delete\" href=\"\(OwnPostLinks.deleteComment(id, on: imageID))\">\(deleteLabel)</a>" : .empty
        // A photo's owner may both take someone's comment off their photo and report it.
        let report: HTML = isOwn ? .empty : " <a class=\"comment-report\" href=\"\(ReportScreen.url(for: .comment(id, onPhoto: imageID)))\">\(reportLabel)</a>"
        return delete + report
    }
}
