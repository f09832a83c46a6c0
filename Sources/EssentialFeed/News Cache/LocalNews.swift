import Foundation

/// The news as the cache keeps it: plain Codable values, apart from the models, so the
/// models may change without making earlier caches unreadable by accident.
struct LocalNewsImage: Codable, Sendable {
    let url: URL
    let alternativeText: String
    let width: Int
    let height: Int
    let averageColor: String?
    let blurHash: String?
    /// Keyed by `FeedImageSize` raw values.
    let urls: [String: URL]

    init(_ image: NewsImage) {
        url = image.url
        alternativeText = image.alternativeText
        width = image.photo.width
        height = image.photo.height
        averageColor = image.photo.averageColor
        blurHash = image.photo.blurHash
        urls = Dictionary(uniqueKeysWithValues: image.photo.urls.map { ($0.key.rawValue, $0.value) })
    }

    var model: NewsImage {
        var sizes = [FeedImageSize: URL]()
        for (name, url) in urls {
            if let size = FeedImageSize(rawValue: name) { sizes[size] = url }
        }
        return NewsImage(
            url: url, alternativeText: alternativeText,
            photo: FeedPhoto(width: width, height: height, averageColor: averageColor, blurHash: blurHash, urls: sizes))
    }
}

struct LocalNewsList: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case story, webLink, advert
    }

    struct Item: Codable, Sendable {
        let kind: Kind
        let id: UUID
        let headline: String?
        let teaser: String?
        let url: URL?
        let image: LocalNewsImage?
        let advertiser: String?
        let createdAt: Date?
        let updatedAt: Date?
    }

    let title: String
    let items: [Item]

    init(_ list: NewsList) {
        title = list.title
        items = list.items.map { item in
            switch item {
            case let .story(story):
                Item(
                    kind: .story, id: story.id, headline: story.headline, teaser: story.teaser, url: nil,
                    image: LocalNewsImage(story.image), advertiser: nil, createdAt: story.createdAt, updatedAt: story.updatedAt)
            case let .webLink(link):
                Item(
                    kind: .webLink, id: link.id, headline: link.headline, teaser: nil, url: link.url,
                    image: link.image.map(LocalNewsImage.init), advertiser: nil, createdAt: link.createdAt, updatedAt: link.updatedAt)
            case let .advert(advert):
                Item(
                    kind: .advert, id: advert.id, headline: nil, teaser: advert.offer, url: advert.url,
                    image: LocalNewsImage(advert.image), advertiser: advert.advertiser, createdAt: nil, updatedAt: nil)
            }
        }
    }

    /// Items that lack what their kind needs are left out, as the API mapper leaves them out.
    var model: NewsList {
        NewsList(
            title: title,
            items: items.compactMap { item in
                switch item.kind {
                case .story:
                    guard let headline = item.headline, let teaser = item.teaser, let image = item.image,
                        let createdAt = item.createdAt, let updatedAt = item.updatedAt
                    else { return nil }
                    return .story(
                        NewsStorySummary(
                            id: item.id, headline: headline, teaser: teaser, image: image.model, createdAt: createdAt, updatedAt: updatedAt))
                case .webLink:
                    guard let headline = item.headline, let url = item.url, let createdAt = item.createdAt, let updatedAt = item.updatedAt
                    else { return nil }
                    return .webLink(
                        NewsWebLink(
                            id: item.id, headline: headline, url: url, image: item.image?.model, createdAt: createdAt, updatedAt: updatedAt))
                case .advert:
                    guard let url = item.url, let image = item.image, let advertiser = item.advertiser else { return nil }
                    return .advert(NewsAdvert(id: item.id, url: url, image: image.model, advertiser: advertiser, offer: item.teaser))
                }
            })
    }
}

struct LocalNewsStory: Codable, Sendable {
    struct Block: Codable, Sendable {
        let text: String?
        let image: LocalNewsImage?
    }

    let id: UUID
    let headline: String
    let heroImage: LocalNewsImage
    let createdAt: Date
    let updatedAt: Date
    let contents: [Block]

    init(_ story: NewsStory) {
        id = story.id
        headline = story.headline
        heroImage = LocalNewsImage(story.heroImage)
        createdAt = story.createdAt
        updatedAt = story.updatedAt
        contents = story.contents.map { block in
            switch block {
            case let .paragraph(text): Block(text: text, image: nil)
            case let .image(image): Block(text: nil, image: LocalNewsImage(image))
            }
        }
    }

    var model: NewsStory {
        NewsStory(
            id: id, headline: headline, heroImage: heroImage.model, createdAt: createdAt, updatedAt: updatedAt,
            contents: contents.compactMap { block in
                if let text = block.text { return .paragraph(text) }
                return block.image.map { .image($0.model) }
            })
    }
}
