import Foundation

/// Changing and taking back what one posted. Each store decides who may, inside the same
/// transaction that does it, so a post cannot change hands between the check and the change.
package protocol PostOwnership: Sendable {
    /// Changes the texts of a post its actor posted; gives the post back as the feed shows it.
    /// - Throws: `PostRefusal.unknownPost` or `.notAllowed`.
    func edit(_ itemID: UUID, _ edit: PostEdit, by actor: PostActor, at date: Date) async throws -> FeedItem

    /// Removes a post with its comments, likes and notifications, and the image files no other
    /// post, news photo or avatar still uses. Paging after its id goes on from where it stood.
    /// - Returns: whether the actor removed it as its owner or as a moderator.
    /// - Throws: `PostRefusal.unknownPost` or `.notAllowed` (neither its owner nor a moderator).
    @discardableResult
    func delete(_ itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority

    /// Removes a comment, and the notifications it made.
    /// - Returns: whether the actor removed it as its author or the photo's owner, or as a moderator.
    /// - Throws: `PostRefusal.unknownPost`, `.unknownComment` (not on that post) or `.notAllowed`
    ///   (neither its author, the photo's owner nor a moderator).
    @discardableResult
    func deleteComment(_ commentID: UUID, onImage itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority
}

/// Why someone could remove what they removed: it was theirs (a comment on their photo
/// included), or they moderate, which the audit log records.
package enum RemovalAuthority: Equatable, Sendable {
    case owner
    case moderator
}

/// Who asks to change or remove something, as the stores weigh it.
package struct PostActor: Equatable, Sendable {
    package let accountID: Int64
    package let username: String
    /// Whether the account may remove what others posted.
    package var isModerator = false

    package init(accountID: Int64, username: String, isModerator: Bool = false) {
        self.accountID = accountID
        self.username = username
        self.isModerator = isModerator
    }
}

/// The texts an edit sets: `nil` leaves one as it is, `.some(nil)` clears it.
package struct PostEdit: Equatable, Sendable {
    package var description: String??
    package var location: String??
    package var alt: String??
    package var contentWarning: String??
    /// Who may see it; `nil` leaves it.
    package var visibility: PostVisibility?
    /// The usernames the new description mentions, when it changes: those it no longer
    /// mentions are no longer told of the post, those it mentions anew are (within
    /// `mentionQuota`, as a post's).
    package var mentions: [String]? = nil
    package var mentionQuota: ActionQuota? = nil

    package init(
        description: String?? = nil, location: String?? = nil, alt: String?? = nil, contentWarning: String?? = nil,
        visibility: PostVisibility? = nil
    ) {
        self.description = description
        self.location = location
        self.alt = alt
        self.contentWarning = contentWarning
        self.visibility = visibility
    }

    /// The item's texts with this edit applied.
    package func applied(to item: FeedItem) -> (description: String?, location: String?, alt: String?, contentWarning: String?) {
        (
            description ?? item.description, location ?? item.location, alt ?? item.alt,
            contentWarning ?? item.contentWarning
        )
    }
}

package enum PostRefusal: Error, Equatable {
    case unknownPost(UUID)
    case unknownComment(UUID)
    /// The actor may not do this to it.
    case notAllowed
}
