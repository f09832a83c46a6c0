import FeedAPIStorage
import Foundation

/// One item of the demo feed the server seeds an empty database with.
struct DemoFeedItem: Sendable, Equatable {
    let id: UUID
    let description: String?
    let location: String?
    let image: DemoImage
    /// Newest first, as the API returns them.
    let comments: [DemoComment]
    /// What the painted image shows, for those who cannot see it.
    var alt: String? = nil
    /// The username of the demo account that posted it.
    var author: String? = nil
    /// When it was posted: the feed's first item is the newest.
    var createdAt: Date? = nil
}

struct DemoImage: Sendable, Equatable {
    let data: Data
    /// `image/png` or `image/jpeg`.
    let contentType: String
}

struct DemoComment: Sendable, Equatable {
    let id: UUID
    let message: String
    let createdAt: Date
    let username: String
}
