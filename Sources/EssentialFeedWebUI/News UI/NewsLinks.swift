import EssentialFeed
import Foundation

/// Where the news screens lead: the list, each story, and the app's address for each image
/// the API named (`nil` when the app cannot serve it; the placeholder then stands in).
public struct NewsLinks: Sendable {
    public static let listURL = "/news"
    public static let listFragmentURL = "/fragments/news"

    let imageAddress: @Sendable (URL) -> String?

    public init(imageAddress: @escaping @Sendable (URL) -> String?) {
        self.imageAddress = imageAddress
    }

    public static func storyURL(_ id: UUID) -> String {
        "/news/stories/\(UUIDText.string(from: id))"
    }

    public static func storyFragmentURL(_ id: UUID) -> String {
        "/fragments/news/stories/\(UUIDText.string(from: id))"
    }
}

/// What a load of the news list gives a screen: the list, and the offline notice when it
/// comes from the cache.
public struct NewsPageViewModel: Sendable {
    public let news: NewsViewModel
    public let offlineNotice: String?

    public init(news: NewsViewModel, offlineNotice: String? = nil) {
        self.news = news
        self.offlineNotice = offlineNotice
    }
}

public struct NewsStoryPageViewModel: Sendable {
    public let story: NewsStoryViewModel
    public let offlineNotice: String?

    public init(story: NewsStoryViewModel, offlineNotice: String? = nil) {
        self.story = story
        self.offlineNotice = offlineNotice
    }
}
