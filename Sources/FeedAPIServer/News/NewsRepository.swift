import Foundation
import MediaPipeline

/// Where the news is kept: the stories, web links and adverts of the news list, and each
/// story's contents.
protocol NewsRepository: Sendable {
    /// A value that changes after every write has committed (see `FeedRepository.dataVersion`).
    var dataVersion: UInt64 { get }

    /// The list as readers see it: stories and web links newest update first, each advert
    /// at the slot it was given (after the last item when the list is shorter).
    func newsList() async throws -> NewsList

    /// A story with its contents in reading order; `nil` when no story has this id.
    func story(withID id: UUID) async throws -> NewsStory?

    /// Replaces the whole news with `edition`, all or nothing.
    func replaceNews(with edition: NewsEdition) async throws

    /// Stores `edition` only when there is no news yet; tells whether it did.
    func addNewsIfEmpty(_ edition: NewsEdition) async throws -> Bool
}

struct NewsList: Equatable, Sendable {
    let title: String
    let items: [NewsListItem]
}

enum NewsListItem: Equatable, Sendable {
    case story(NewsStorySummary)
    case webLink(NewsWebLink)
    case advert(NewsAdvert)
}

struct NewsStorySummary: Equatable, Sendable {
    let id: UUID
    let headline: String
    let teaser: String
    let image: NewsPhoto
    let createdAt: Date
    let updatedAt: Date
}

struct NewsWebLink: Equatable, Sendable {
    let id: UUID
    let headline: String
    let url: String
    let image: NewsPhoto?
    let createdAt: Date
    let updatedAt: Date
}

struct NewsAdvert: Equatable, Sendable {
    let id: UUID
    let url: String
    let advertiser: String
    let image: NewsPhoto
}

struct NewsStory: Equatable, Sendable {
    let id: UUID
    let headline: String
    let heroImage: NewsPhoto
    let createdAt: Date
    let updatedAt: Date
    let contents: [NewsStoryBlock]
}

enum NewsStoryBlock: Equatable, Sendable {
    case paragraph(String)
    case image(NewsPhoto)
}

/// A photo in the news: its size, colours and renditions, and what it shows; an empty
/// `alt` marks a decorative image.
struct NewsPhoto: Equatable, Sendable {
    let details: PhotoDetails
    let alt: String
}

// MARK: - Writing

/// Everything the news shows, as it is written at once (the demo, or `news import`).
struct NewsEdition: Sendable {
    var title: String
    var stories: [NewStory]
    var webLinks: [NewWebLink]
    var adverts: [NewAdvert]
}

/// A photo processed by the media pipeline, with what it shows.
struct NewNewsPhoto: Sendable {
    let photo: ProcessedPhoto
    let alt: String
}

struct NewStory: Sendable {
    let id: UUID
    let headline: String
    let teaser: String
    let heroImage: NewNewsPhoto
    let createdAt: Date
    let updatedAt: Date
    let contents: [NewStoryBlock]
}

enum NewStoryBlock: Sendable {
    case paragraph(String)
    case image(NewNewsPhoto)
}

struct NewWebLink: Sendable {
    let id: UUID
    let headline: String
    let url: String
    let image: NewNewsPhoto?
    let createdAt: Date
    let updatedAt: Date
}

struct NewAdvert: Sendable {
    let id: UUID
    let url: String
    let advertiser: String
    let image: NewNewsPhoto
    /// Where in the list it shows, counting from 0.
    let slot: Int
}
