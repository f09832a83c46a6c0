import Foundation

/// A comment as its author's own archive keeps it: on which post, and what it said.
package struct WrittenComment: Equatable, Sendable {
    package let id: UUID
    package let imageID: UUID
    /// Who posted the photo; `nil` for a photo without an account.
    package var imageAuthor: String?
    package let message: String
    package let createdAt: Date

    package init(id: UUID, imageID: UUID, imageAuthor: String? = nil, message: String, createdAt: Date) {
        self.id = id
        self.imageID = imageID
        self.imageAuthor = imageAuthor
        self.message = message
        self.createdAt = createdAt
    }
}

/// Every comment one person wrote, wherever it stands: what their data export lists.
package protocol WrittenComments: Sendable {
    /// The comments `username` wrote, oldest first, from the one after `commentID` (from the
    /// first without it), at most `limit`.
    func comments(writtenBy username: String, after commentID: UUID?, limit: Int) async throws -> [WrittenComment]
}
