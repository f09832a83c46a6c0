import Foundation

/// An image in the news: where it is, what it shows, and its size and placeholder so a layout
/// keeps its place before it loads. An empty `alternativeText` marks a decorative image.
public struct NewsImage: Hashable, Sendable {
    public let url: URL
    public let alternativeText: String
    public let photo: FeedPhoto

    public init(url: URL, alternativeText: String, photo: FeedPhoto) {
        self.url = url
        self.alternativeText = alternativeText
        self.photo = photo
    }

    public var isDecorative: Bool {
        alternativeText.isEmpty
    }
}

public struct NewsStorySummary: Hashable, Sendable {
    public let id: UUID
    public let headline: String
    public let teaser: String
    public let image: NewsImage
    public let createdAt: Date
    public let updatedAt: Date

    public init(id: UUID, headline: String, teaser: String, image: NewsImage, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.headline = headline
        self.teaser = teaser
        self.image = image
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public struct NewsWebLink: Hashable, Sendable {
    public let id: UUID
    public let headline: String
    public let url: URL
    public let image: NewsImage?
    public let createdAt: Date
    public let updatedAt: Date

    public init(id: UUID, headline: String, url: URL, image: NewsImage?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.headline = headline
        self.url = url
        self.image = image
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public struct NewsAdvert: Hashable, Sendable {
    public let id: UUID
    public let url: URL
    public let image: NewsImage
    public let advertiser: String
    /// What the advert offers, in a sentence; `nil` when the advertiser said nothing more.
    public let offer: String?

    public init(id: UUID, url: URL, image: NewsImage, advertiser: String, offer: String? = nil) {
        self.id = id
        self.url = url
        self.image = image
        self.advertiser = advertiser
        self.offer = offer
    }
}

/// One row of the news list.
public enum NewsItem: Hashable, Sendable {
    case story(NewsStorySummary)
    case webLink(NewsWebLink)
    case advert(NewsAdvert)

    public var id: UUID {
        switch self {
        case let .story(story): story.id
        case let .webLink(link): link.id
        case let .advert(advert): advert.id
        }
    }
}

public struct NewsList: Hashable, Sendable {
    public let title: String
    public let items: [NewsItem]

    public init(title: String, items: [NewsItem]) {
        self.title = title
        self.items = items
    }
}

/// A story as its screen shows it: the paragraphs and images in reading order.
public struct NewsStory: Hashable, Sendable {
    public enum Block: Hashable, Sendable {
        case paragraph(String)
        case image(NewsImage)
    }

    public let id: UUID
    public let headline: String
    public let heroImage: NewsImage
    public let createdAt: Date
    public let updatedAt: Date
    public let contents: [Block]

    public init(id: UUID, headline: String, heroImage: NewsImage, createdAt: Date, updatedAt: Date, contents: [Block]) {
        self.id = id
        self.headline = headline
        self.heroImage = heroImage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.contents = contents
    }
}
