import EssentialFeed
import Foundation

/// One feed image as the web screen shows it: the presenter's view model, and where
/// the screen fetches its image and finds its comments.
public struct FeedItemViewModel: Hashable, Sendable {
    public let id: UUID
    public let image: FeedImageViewModel
    public let imageURL: String
    public let commentsURL: String

    public init(id: UUID, image: FeedImageViewModel, imageURL: String, commentsURL: String) {
        self.id = id
        self.image = image
        self.imageURL = imageURL
        self.commentsURL = commentsURL
    }
}
