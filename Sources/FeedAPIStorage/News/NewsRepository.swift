import Foundation
import MediaPipeline

/// Reading the news: the stories, web links and adverts of the news list, and each story's
/// contents.
package protocol NewsReading: Sendable {
    /// A value that changes after every write has committed (see `FeedReading.dataVersion`).
    var dataVersion: UInt64 { get }

    /// The list as readers see it: stories and web links newest update first, each advert
    /// at the slot it was given (after the last item when the list is shorter).
    func newsList() async throws -> StoredNewsList

    /// A story with its contents in reading order; `nil` when no story has this id.
    func story(withID id: UUID) async throws -> StoredNewsStory?
}

/// Writing the news, always a whole edition at once.
package protocol NewsWriting: Sendable {
    /// Replaces the whole news with `edition`, all or nothing.
    func replaceNews(with edition: NewsEdition) async throws

    /// Stores `edition` only when there is no news yet; tells whether it did.
    func addNewsIfEmpty(_ edition: NewsEdition) async throws -> Bool
}

/// The whole news, for what both reads and writes it.
package typealias NewsRepository = NewsReading & NewsWriting

package struct StoredNewsList: Equatable, Sendable {
    package let title: String
    package let items: [StoredNewsListItem]

    package init(title: String, items: [StoredNewsListItem]) {
        self.title = title
        self.items = items
    }

    /// The list as readers see it: `dated` in its order, each advert at the slot it was given
    /// (after the last item when the list is shorter).
    package init(title: String, dated: [StoredNewsListItem], adverts: [(slot: Int, advert: StoredNewsAdvert)]) {
        var items = dated
        for (slot, advert) in adverts.sorted(by: { $0.slot < $1.slot }) {
            items.insert(.advert(advert), at: min(max(slot, 0), items.count))
        }
        self.init(title: title, items: items)
    }
}

package enum StoredNewsListItem: Equatable, Sendable {
    case story(StoredNewsStorySummary)
    case webLink(StoredNewsWebLink)
    case advert(StoredNewsAdvert)
}

package struct StoredNewsStorySummary: Equatable, Sendable {
    package let id: UUID
    package let headline: String
    package let teaser: String
    package let image: NewsPhoto
    package let createdAt: Date
    package let updatedAt: Date

    package init(id: UUID, headline: String, teaser: String, image: NewsPhoto, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.headline = headline
        self.teaser = teaser
        self.image = image
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

package struct StoredNewsWebLink: Equatable, Sendable {
    package let id: UUID
    package let headline: String
    package let url: String
    package let image: NewsPhoto?
    package let createdAt: Date
    package let updatedAt: Date

    package init(id: UUID, headline: String, url: String, image: NewsPhoto?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.headline = headline
        self.url = url
        self.image = image
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

package struct StoredNewsAdvert: Equatable, Sendable {
    package let id: UUID
    package let url: String
    package let advertiser: String
    package let image: NewsPhoto
    /// What the advert offers; kept in the item's teaser column, which adverts have no other use for.
    package let offer: String?

    package init(id: UUID, url: String, advertiser: String, image: NewsPhoto, offer: String? = nil) {
        self.id = id
        self.url = url
        self.advertiser = advertiser
        self.image = image
        self.offer = offer
    }
}

package struct StoredNewsStory: Equatable, Sendable {
    package let id: UUID
    package let headline: String
    package let heroImage: NewsPhoto
    package let createdAt: Date
    package let updatedAt: Date
    package let contents: [NewsStoryBlock]

    package init(id: UUID, headline: String, heroImage: NewsPhoto, createdAt: Date, updatedAt: Date, contents: [NewsStoryBlock]) {
        self.id = id
        self.headline = headline
        self.heroImage = heroImage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.contents = contents
    }
}

package enum NewsStoryBlock: Equatable, Sendable {
    case paragraph(String)
    case image(NewsPhoto)
}

/// A photo in the news: its size, colours and renditions, and what it shows; an empty
/// `alt` marks a decorative image.
package struct NewsPhoto: Equatable, Sendable {
    package let details: PhotoDetails
    package let alt: String

    package init(details: PhotoDetails, alt: String) {
        self.details = details
        self.alt = alt
    }
}

// MARK: - Writing

/// Everything the news shows, as it is written at once (the demo, or `news import`).
package struct NewsEdition: Sendable {
    package var title: String
    package var stories: [NewStory]
    package var webLinks: [NewWebLink]
    package var adverts: [NewAdvert]

    package init(title: String, stories: [NewStory], webLinks: [NewWebLink], adverts: [NewAdvert]) {
        self.title = title
        self.stories = stories
        self.webLinks = webLinks
        self.adverts = adverts
    }
}

/// A photo processed by the media pipeline, with what it shows.
package struct NewNewsPhoto: Sendable {
    package let photo: ProcessedPhoto
    package let alt: String

    package init(photo: ProcessedPhoto, alt: String) {
        self.photo = photo
        self.alt = alt
    }
}

package struct NewStory: Sendable {
    package let id: UUID
    package let headline: String
    package let teaser: String
    package let heroImage: NewNewsPhoto
    package let createdAt: Date
    package let updatedAt: Date
    package let contents: [NewStoryBlock]

    package init(id: UUID, headline: String, teaser: String, heroImage: NewNewsPhoto, createdAt: Date, updatedAt: Date, contents: [NewStoryBlock]) {
        self.id = id
        self.headline = headline
        self.teaser = teaser
        self.heroImage = heroImage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.contents = contents
    }
}

package enum NewStoryBlock: Sendable {
    case paragraph(String)
    case image(NewNewsPhoto)
}

package struct NewWebLink: Sendable {
    package let id: UUID
    package let headline: String
    package let url: String
    package let image: NewNewsPhoto?
    package let createdAt: Date
    package let updatedAt: Date

    package init(id: UUID, headline: String, url: String, image: NewNewsPhoto?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.headline = headline
        self.url = url
        self.image = image
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

package struct NewAdvert: Sendable {
    package let id: UUID
    package let url: String
    package let advertiser: String
    package let image: NewNewsPhoto
    /// Where in the list it shows, counting from 0.
    package let slot: Int
    package let offer: String?

    package init(id: UUID, url: String, advertiser: String, image: NewNewsPhoto, slot: Int, offer: String? = nil) {
        self.id = id
        self.url = url
        self.advertiser = advertiser
        self.image = image
        self.slot = slot
        self.offer = offer
    }
}
