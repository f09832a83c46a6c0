import FeedAPIStorage
import Foundation
import MediaPipeline

/// Makes the demo news: the stories of `DemoNewsStories`, updated from minutes to months
/// before `now`, each with its own photo of a cat on top and its scene among its paragraphs;
/// web links between them; adverts at their slots.
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
        func processed(_ painting: Raster) throws -> ProcessedPhoto {
            let jpeg = try PixelEncoder.encode(
                painting.pixels, width: painting.width, height: painting.height, bands: Raster.bytesPerPixel, as: .jpeg, quality: 92)
            return try processor.process(jpeg)
        }
        let storyPhotos = try DemoNewsStories.all.enumerated().map { index, story in
            try processed(story.picture.paint(on: DemoCanvas.forItem(at: index), random: &random))
        }
        // A story's second photo is its scene alone; stories set in the same scene share it.
        var scenePhotos: [DemoScene: ProcessedPhoto] = [:]
        for story in DemoNewsStories.all where scenePhotos[story.picture.scene] == nil {
            scenePhotos[story.picture.scene] = try processed(DemoPainting.paint(story.picture.scene, on: .landscape, random: &random))
        }
        let stories = try DemoNewsStories.all.enumerated().map { index, story in
            let updatedAt = now.addingTimeInterval(-storyAges[index % storyAges.count])
            var contents: [NewStoryBlock] = story.paragraphs.map { .paragraph($0) }
            let scene = story.picture.scene
            guard let scenePhoto = scenePhotos[scene] else { throw MissingScenePhoto() }
            // Every fifth story's second photo is an ornament the text does not need.
            let sceneAlt = index % 5 == 4 ? "" : scene.alternativeText
            contents.insert(.image(NewNewsPhoto(photo: scenePhoto, alt: sceneAlt)), at: min(1, contents.count))
            return NewStory(
                id: random.uuid(), headline: story.headline, teaser: story.teaser,
                heroImage: NewNewsPhoto(photo: storyPhotos[index], alt: story.picture.alt),
                createdAt: updatedAt.addingTimeInterval(-Double(index % 4) * 3 * hour), updatedAt: updatedAt, contents: contents)
        }
        let webLinks = try DemoNewsStories.webLinks.enumerated().map { index, link in
            let updatedAt = now.addingTimeInterval(-webLinkAges[index % webLinkAges.count])
            let image = try link.picture.map { picture in
                NewNewsPhoto(photo: try processed(picture.paint(on: DemoCanvas.forItem(at: index), random: &random)), alt: picture.alt)
            }
            return NewWebLink(
                id: random.uuid(), headline: link.headline, url: link.url, image: image, createdAt: updatedAt.addingTimeInterval(-day),
                updatedAt: updatedAt)
        }
        let adverts = try DemoNewsStories.adverts.enumerated().map { index, advert in
            NewAdvert(
                id: random.uuid(), url: advert.url, advertiser: advert.advertiser,
                image: NewNewsPhoto(photo: try processed(advert.picture.paint(on: DemoCanvas.forItem(at: index + 2), random: &random)), alt: advert.picture.alt),
                slot: advert.slot, offer: advert.offer)
        }
        return NewsEdition(title: title, stories: stories, webLinks: webLinks, adverts: adverts)
    }

    private struct MissingScenePhoto: Error {}
}
