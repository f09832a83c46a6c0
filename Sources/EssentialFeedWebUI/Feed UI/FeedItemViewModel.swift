import EssentialFeed
import Foundation

/// One feed image as the web screen shows it: the presenter's view model, and where
/// the screen fetches its image and finds its comments.
public struct FeedItemViewModel: Hashable, Sendable {
    public let id: UUID
    public let image: FeedImageViewModel
    public let imageURL: String
    public let commentsURL: String
    /// What the screen paints while the image loads: its BlurHash and average colour.
    public let placeholder: ImagePlaceholder?
    /// The photo's own screen, when it has one.
    public let photoURL: String?
    /// The photo's shape and sizes, when the API gave them: without them the image shows square.
    public let renditions: PhotoRenditions?

    public init(
        id: UUID, image: FeedImageViewModel, imageURL: String, commentsURL: String, placeholder: ImagePlaceholder? = nil,
        photoURL: String? = nil, renditions: PhotoRenditions? = nil
    ) {
        self.id = id
        self.image = image
        self.imageURL = imageURL
        self.commentsURL = commentsURL
        self.placeholder = placeholder
        self.photoURL = photoURL
        self.renditions = renditions
    }
}

/// An image's stand-in until it arrives, from what the API says of the photo.
public struct ImagePlaceholder: Hashable, Sendable {
    public let blurHash: String?
    /// `#RRGGBB`
    public let averageColor: String?

    public init(blurHash: String?, averageColor: String?) {
        self.blurHash = blurHash
        self.averageColor = averageColor
    }

    public init?(_ photo: FeedPhoto?) {
        guard let photo, photo.blurHash != nil || photo.averageColor != nil else { return nil }
        self.init(blurHash: photo.blurHash, averageColor: photo.averageColor)
    }

    /// The attributes the screens' script paints the placeholder from.
    var attributes: HTML {
        var html = HTML.empty
        if let blurHash { html += " data-blurhash=\"\(blurHash)\"" }
        if let averageColor { html += " data-color=\"\(averageColor)\"" }
        return html
    }
}
