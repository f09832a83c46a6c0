import Foundation
import MediaPipeline

/// Reading the feed's items, their comments and the image bytes.
///
/// The API layer sees only these protocols and their value types; each database keeps its
/// SQL dialect inside its own implementation.
package protocol FeedReading: Sendable {
    /// A value that changes after every write has committed.
    ///
    /// Read it *before* reading data: whatever is read afterwards is at least as new
    /// as this version, so a response built from it may be cached under it.
    var dataVersion: UInt64 { get }

    /// The items strictly after `itemID` in feed order (from the start when `nil`), at most `limit`;
    /// after a removed post, from where it stood.
    /// For a `readerID`, the posts of anyone in a block with them, or muted by them, are left out.
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when `itemID` never was in the feed.
    func feedPage(after itemID: UUID?, limit: Int, readerID: Int64?) async throws -> [FeedItem]

    /// The comments on an image, newest first; `nil` when no feed item has this id that
    /// `viewerID` may see. Those of a suspended account, or of anyone in a block with
    /// `viewerID`, are left out.
    func comments(onImage imageID: UUID, visibleTo viewerID: Int64?) async throws -> [FeedComment]?

    func image(withDigest digest: ImageDigest) async throws -> StoredImage?

    /// The item with this id as the feed shows it; `nil` when no feed item has this id that
    /// `viewerID` (`nil`: someone not logged in) may see.
    func item(withID itemID: UUID, visibleTo viewerID: Int64?) async throws -> FeedItem?

    /// One public item chosen at random, each as likely; `nil` when the feed has none.
    func randomItem() async throws -> FeedItem?

    /// Whether an item was made from the file with this digest (see `NewFeedItem.source`).
    func containsItem(fromSource digest: ImageDigest) async throws -> Bool

    /// Whether `author` posted a photo made from these bytes, or one of whose sizes they are
    /// (a photo of theirs brought back from their archive); someone else's is no matter.
    func containsPhoto(_ digest: ImageDigest, postedBy author: Username) async throws -> Bool
}

/// Adding to the feed: items, posts and comments. Each write bumps `FeedReading.dataVersion`
/// once it has committed.
package protocol FeedWriting: Sendable {
    /// Adds the items at the end of the feed, all or none.
    func append(_ items: [NewFeedItem]) async throws

    /// Adds the items only when the feed has none, as one write; tells whether it did.
    func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool

    /// Adds a comment on an image, telling the photo's owner and those the comment mentions;
    /// `false` when no feed item has this id. With a `quota`, the comment counts against it.
    /// - Throws: `ActionLimitReached` when the quota's account has commented as often as it may.
    func addComment(_ comment: FeedComment, onImage imageID: UUID, quota: ActionQuota?) async throws -> Bool

    /// Adds a newly posted item first in the feed, and gives it back as the feed shows it.
    func publish(_ item: NewFeedItem) async throws -> FeedItem
}

extension FeedWriting {
    /// Adds a comment with no limit (seeding, imports).
    package func addComment(_ comment: FeedComment, onImage imageID: UUID) async throws -> Bool {
        try await addComment(comment, onImage: imageID, quota: nil)
    }
}

/// The whole feed, for what both reads and writes it.
package typealias FeedRepository = FeedReading & FeedWriting

extension FeedReading {
    /// The page as anyone sees it.
    package func feedPage(after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await feedPage(after: itemID, limit: limit, readerID: nil)
    }

    /// The item as anyone may see it: public posts only.
    package func item(withID itemID: UUID) async throws -> FeedItem? {
        try await item(withID: itemID, visibleTo: nil)
    }

    /// The comments anyone may read: on public posts only.
    package func comments(onImage imageID: UUID) async throws -> [FeedComment]? {
        try await comments(onImage: imageID, visibleTo: nil)
    }
}

package enum FeedRepositoryError: Error, Equatable {
    case unknownFeedItem(UUID)
}

package struct FeedItem: Equatable, Sendable {
    package let id: UUID
    package let description: String?
    package let location: String?
    package let image: ImageReference
    /// What the photo shows, for those who cannot see it.
    package var alt: String? = nil
    package var commentCount = 0
    /// The account that posted it; `nil` for items without one (or whose account was removed).
    package var author: Author? = nil
    /// Its size, colours and renditions; `nil` only for an image the pipeline could not read.
    package var photo: PhotoDetails? = nil
    package var createdAt: Date? = nil
    package var likeCount = 0
    /// Why a reader may not want to see the photo at once: it is shown blurred behind this.
    package var contentWarning: String? = nil
    /// When its owner last changed its texts; `nil` when never.
    package var editedAt: Date? = nil
    package var visibility = PostVisibility.public

    package init(
        id: UUID, description: String?, location: String?, image: ImageReference, alt: String? = nil, commentCount: Int = 0,
        author: Author? = nil, photo: PhotoDetails? = nil, createdAt: Date? = nil, likeCount: Int = 0,
        contentWarning: String? = nil, editedAt: Date? = nil, visibility: PostVisibility = .public
    ) {
        self.id = id
        self.description = description
        self.location = location
        self.image = image
        self.alt = alt
        self.commentCount = commentCount
        self.author = author
        self.photo = photo
        self.createdAt = createdAt
        self.likeCount = likeCount
        self.contentWarning = contentWarning
        self.editedAt = editedAt
        self.visibility = visibility
    }
}

/// What the media pipeline learnt about an item's photo, and where its renditions are.
package struct PhotoDetails: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// `#RRGGBB`.
    package let color: String
    package let blurHash: String
    package let renditions: [Rendition: ImageReference]

    package init(width: Int, height: Int, color: String, blurHash: String, renditions: [Rendition: ImageReference]) {
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.renditions = renditions
    }
}

package struct ImageReference: Equatable, Sendable {
    package let digest: ImageDigest
    package let format: ImageFormat

    package init(digest: ImageDigest, format: ImageFormat) {
        self.digest = digest
        self.format = format
    }
}

package struct FeedComment: Equatable, Sendable {
    package let id: UUID
    package let message: String
    package let createdAt: Date
    package let username: String
    /// The name of the account `username` belongs to, when it has one.
    package let authorName: String?
    package var authorAvatar: AvatarDetails? = nil
    /// The usernames the message mentions (`@name`), told of it when it is added.
    package var mentions: [String] = []

    package init(
        id: UUID, message: String, createdAt: Date, username: String, authorName: String? = nil, authorAvatar: AvatarDetails? = nil
    ) {
        self.id = id
        self.message = message
        self.createdAt = createdAt
        self.username = username
        self.authorName = authorName
        self.authorAvatar = authorAvatar
    }
}

package struct StoredImage: Equatable, Sendable {
    package let data: Data
    package let format: ImageFormat

    package init(data: Data, format: ImageFormat) {
        self.data = data
        self.format = format
    }
}

package struct NewFeedItem: Equatable, Sendable {
    package let id: UUID
    package let description: String?
    package let location: String?
    /// The image `image` links to: the `regular` rendition when `photo` is given.
    package let image: StoredImage
    /// In any order: the repository orders them newest first, keeping this order among equal dates.
    package let comments: [FeedComment]
    package var alt: String? = nil
    /// The username of the account posting it; an unknown one leaves the item without author.
    package var authorUsername: String? = nil
    /// The photo as the pipeline made it; every rendition is stored, and `image` should be its `regular` one.
    package var photo: ProcessedPhoto? = nil
    package var createdAt: Date? = nil
    /// The digest of the file the photo was made from, so the same file is not imported twice.
    package var source: ImageDigest? = nil
    /// The usernames the description mentions, told of the post when it is published.
    package var mentions: [String] = []
    /// How often its author may tell people of posts: beyond it the post is published and its
    /// mentions tell nobody.
    package var mentionQuota: ActionQuota? = nil
    /// Shown over the photo, which stays blurred until the reader asks to see it.
    package var contentWarning: String? = nil
    package var visibility = PostVisibility.public

    package init(
        id: UUID, description: String?, location: String?, image: StoredImage, comments: [FeedComment], alt: String? = nil,
        authorUsername: String? = nil, photo: ProcessedPhoto? = nil, createdAt: Date? = nil, source: ImageDigest? = nil
    ) {
        self.id = id
        self.description = description
        self.location = location
        self.image = image
        self.comments = comments
        self.alt = alt
        self.authorUsername = authorUsername
        self.photo = photo
        self.createdAt = createdAt
        self.source = source
    }
}

extension NewFeedItem {
    /// An item whose image is a photo the pipeline processed: the feed's `image` is its `regular` rendition.
    package init(
        id: UUID, description: String?, location: String?, photo: ProcessedPhoto, comments: [FeedComment] = [],
        alt: String? = nil, authorUsername: String? = nil, createdAt: Date, source: ImageDigest? = nil
    ) {
        let regular = photo.renditions[.regular]
        self.init(
            id: id, description: description, location: location,
            image: StoredImage(data: regular?.bytes ?? Data(), format: .jpeg), comments: comments,
            alt: alt, authorUsername: authorUsername, photo: photo, createdAt: createdAt, source: source)
    }
}
