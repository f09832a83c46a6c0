import FeedAPIStorage
import Foundation
import MediaPipeline

/// Makes the demo news: the stories of `DemoNewsStories`, updated from minutes to months
/// before `now`, with a photo on top and one among their paragraphs; web links between them;
/// adverts at their slots. A handful of photos is painted and processed once, and shared.
///
/// Ids come from a fixed seed: the same on every run and every machine.
enum DemoNews {
    static let title = "Cat News"
    private static let seed: UInt64 = 0x0CA7_0F5E_7500_0000
    private static let minute: TimeInterval = 60
    private static let hour = 60 * minute
    private static let day = 24 * hour

    /// How long before `now` each story was last updated, newest first: the list's relative
    /// dates cross every unit boundary (59 minutes, 1 hour, 23 hours, 1 day …).
    static let storyAges: [TimeInterval] = [
        7 * minute, 38 * minute, 59 * minute, hour, 2 * hour, 5 * hour, 11 * hour, 23 * hour, day, 30 * hour,
        2 * day, 3 * day, 5 * day, 6 * day, 8 * day, 12 * day, 17 * day, 24 * day, 33 * day, 45 * day,
        60 * day, 75 * day, 95 * day, 120 * day, 150 * day, 180 * day
    ]
    static let webLinkAges: [TimeInterval] = [25 * minute, 4 * hour, 2 * day, 9 * day, 40 * day]

    static func make(now: Date, processor: PhotoProcessor = PhotoProcessor()) throws -> NewsEdition {
        var random = SplitMix64(seed: seed)
        let scenes = DemoScene.allCases
        let photos = try (0..<8).map { index in
            let scene = scenes[(index * 5) % scenes.count]
            let painting = DemoPainting.paint(scene, on: DemoCanvas.forItem(at: index), random: &random)
            let jpeg = try PixelEncoder.encode(
                painting.pixels, width: painting.width, height: painting.height, bands: Raster.bytesPerPixel, as: .jpeg, quality: 92)
            return (photo: try processor.process(jpeg), alt: scene.alternativeText)
        }
        func photo(_ index: Int, decorative: Bool = false) -> NewNewsPhoto {
            let chosen = photos[index % photos.count]
            return NewNewsPhoto(photo: chosen.photo, alt: decorative ? "" : chosen.alt)
        }
        let stories = DemoNewsStories.all.enumerated().map { index, story in
            let updatedAt = now.addingTimeInterval(-storyAges[index % storyAges.count])
            var contents: [NewStoryBlock] = story.paragraphs.map { .paragraph($0) }
            // Every fifth story's second photo is an ornament the text does not need.
            contents.insert(.image(photo(index + 3, decorative: index % 5 == 4)), at: min(1, contents.count))
            return NewStory(
                id: random.uuid(), headline: story.headline, teaser: story.teaser, heroImage: photo(index),
                createdAt: updatedAt.addingTimeInterval(-Double(index % 4) * 3 * hour), updatedAt: updatedAt, contents: contents)
        }
        let webLinks = DemoNewsStories.webLinks.enumerated().map { index, link in
            let updatedAt = now.addingTimeInterval(-webLinkAges[index % webLinkAges.count])
            return NewWebLink(
                id: random.uuid(), headline: link.headline, url: link.url, image: link.hasImage ? photo(index + 5) : nil,
                createdAt: updatedAt.addingTimeInterval(-day), updatedAt: updatedAt)
        }
        let adverts = DemoNewsStories.adverts.enumerated().map { index, advert in
            NewAdvert(
                id: random.uuid(), url: advert.url, advertiser: advert.advertiser,
                image: NewNewsPhoto(photo: photos[(index + 2) % photos.count].photo, alt: advert.alt), slot: advert.slot)
        }
        return NewsEdition(title: title, stories: stories, webLinks: webLinks, adverts: adverts)
    }
}
