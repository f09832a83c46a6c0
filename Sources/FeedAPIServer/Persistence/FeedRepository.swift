import Foundation
import MediaPipeline

/// Where the feed's items, their comments and the image bytes are kept.
///
/// The API layer sees only this protocol and its value types; each database
/// keeps its SQL dialect inside its own implementation.
protocol FeedRepository: Sendable {
    /// A value that changes after every write has committed.
    ///
    /// Read it *before* reading data: whatever is read afterwards is at least as new
    /// as this version, so a response built from it may be cached under it.
    var dataVersion: UInt64 { get }

    /// The items strictly after `itemID` in feed order (from the start when `nil`), at most `limit`.
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when `itemID` is not in the feed.
    func feedPage(after itemID: UUID?, limit: Int) async throws -> [FeedItem]

    /// The comments on an image, newest first; `nil` when no feed item has this id.
    func comments(onImage imageID: UUID) async throws -> [FeedComment]?

    func image(withDigest digest: ImageDigest) async throws -> StoredImage?

    /// Adds the items at the end of the feed, all or none.
    func append(_ items: [NewFeedItem]) async throws

    /// Adds the items only when the feed has none, as one write; tells whether it did.
    func appendIfEmpty(_ items: [NewFeedItem]) async throws -> Bool

    /// Adds a comment on an image; `false` when no feed item has this id.
    func addComment(_ comment: FeedComment, onImage imageID: UUID) async throws -> Bool

    /// Adds a newly posted item first in the feed, and gives it back as the feed shows it.
    func publish(_ item: NewFeedItem) async throws -> FeedItem

    /// One item chosen at random, each as likely; `nil` when the feed is empty.
    func randomItem() async throws -> FeedItem?

    /// Whether an item was made from the file with this digest (see `NewFeedItem.source`).
    func containsItem(fromSource digest: ImageDigest) async throws -> Bool
}

enum FeedRepositoryError: Error, Equatable {
    case unknownFeedItem(UUID)
}

struct FeedItem: Equatable, Sendable {
    let id: UUID
    let description: String?
    let location: String?
    let image: ImageReference
    /// What the photo shows, for those who cannot see it.
    var alt: String? = nil
    var commentCount = 0
    /// The account that posted it; `nil` for items without one (or whose account was removed).
    var author: Author? = nil
    /// Its size, colours and renditions; `nil` only for an image the pipeline could not read.
    var photo: PhotoDetails? = nil
    var createdAt: Date? = nil
}

/// What the media pipeline learnt about an item's photo, and where its renditions are.
struct PhotoDetails: Equatable, Sendable {
    let width: Int
    let height: Int
    /// `#RRGGBB`.
    let color: String
    let blurHash: String
    let renditions: [Rendition: ImageReference]
}

/// Who posted an item, as a feed shows them: the handle and the display name.
struct Author: Equatable, Sendable {
    let username: String
    let name: String
}

struct ImageReference: Equatable, Sendable {
    let digest: ImageDigest
    let format: ImageFormat
}

struct FeedComment: Equatable, Sendable {
    let id: UUID
    let message: String
    let createdAt: Date
    let username: String
}

struct StoredImage: Equatable, Sendable {
    let data: Data
    let format: ImageFormat
}

struct NewFeedItem: Equatable, Sendable {
    let id: UUID
    let description: String?
    let location: String?
    /// The image `image` links to: the `regular` rendition when `photo` is given.
    let image: StoredImage
    /// In any order: the repository orders them newest first, keeping this order among equal dates.
    let comments: [FeedComment]
    var alt: String? = nil
    /// The username of the account posting it; an unknown one leaves the item without author.
    var authorUsername: String? = nil
    /// The photo as the pipeline made it; every rendition is stored, and `image` should be its `regular` one.
    var photo: ProcessedPhoto? = nil
    var createdAt: Date? = nil
    /// The digest of the file the photo was made from, so the same file is not imported twice.
    var source: ImageDigest? = nil
}

extension NewFeedItem {
    /// An item whose image is a photo the pipeline processed: the feed's `image` is its `regular` rendition.
    init(id: UUID, description: String?, location: String?, photo: ProcessedPhoto, comments: [FeedComment] = [],
         alt: String? = nil, authorUsername: String? = nil, createdAt: Date, source: ImageDigest? = nil) {
        let regular = photo.renditions[.regular]
        self.init(id: id, description: description, location: location,
                  image: StoredImage(data: regular?.bytes ?? Data(), format: .jpeg), comments: comments,
                  alt: alt, authorUsername: authorUsername, photo: photo, createdAt: createdAt, source: source)
    }
}
