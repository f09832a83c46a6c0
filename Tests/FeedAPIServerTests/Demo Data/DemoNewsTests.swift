import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoNewsTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)
    /// Painting and processing three dozen photos takes seconds: the tests that only read the
    /// edition share one.
    private static let edition = Result { try DemoNews.make(now: now) }

    @Test func hasTwoDozenStoriesOfSeveralParagraphsAndImages_someLinks_andAFewAdverts() throws {
        let news = try Self.edition.get()

        #expect(news.stories.count >= 24)
        for story in news.stories {
            let paragraphs = story.contents.filter { if case .paragraph = $0 { true } else { false } }
            let images = story.contents.filter { if case .image = $0 { true } else { false } }
            #expect(paragraphs.count >= 3 && images.count >= 1, "\(story.headline)")
            #expect(!story.heroImage.alt.isEmpty, "a story's photo says what it shows")
            #expect(story.createdAt <= story.updatedAt)
        }
        #expect(news.webLinks.count >= 3 && news.webLinks.contains { $0.image == nil } && news.webLinks.contains { $0.image != nil })
        #expect((2...5).contains(news.adverts.count))
        #expect(Set(news.adverts.map(\.slot)).count == news.adverts.count)
    }

    @Test func everyStoryAndLinkPhotoShowsItsCatsInItsScene_andSaysWhichCatsItShows() {
        let storyPictures = DemoNewsStories.all.map { ($0.headline, $0.picture) }
        let linkPictures = DemoNewsStories.webLinks.compactMap { link in link.picture.map { (link.headline, $0) } }
        let pictures = storyPictures + linkPictures
        for (headline, picture) in pictures {
            let alt = picture.alt.lowercased()
            #expect(alt.contains("cat") || alt.contains("kitten"), "\(headline): \(picture.alt)")
            for cat in picture.cats {
                #expect(alt.contains(cat.coat.name), "\(headline): the \(cat.coat.name) cat is not said in \(picture.alt)")
            }
            var random = SplitMix64(seed: 1)
            let painted = picture.paint(on: .landscape, random: &random)
            random = SplitMix64(seed: 1)
            let scene = DemoPainting.paint(picture.scene, on: .landscape, random: &random)
            for cat in picture.cats {
                let headX = Int(Double(painted.width) * cat.across)
                let headY = Int(Double(painted.height) * (cat.ground - cat.size * 0.6))
                #expect(painted.bytes(atX: headX, y: headY) != scene.bytes(atX: headX, y: headY), "\(headline): no cat painted")
            }
            #expect(painted.bytes(atX: 2, y: 2) == scene.bytes(atX: 2, y: 2), "\(headline): the scene shows around the cats")
        }
    }

    @Test func storiesTellWhereTheyHappen_withPhotosOfSeveralScenes() throws {
        let news = try Self.edition.get()

        #expect(Set(DemoNewsStories.all.map(\.picture.scene)).count >= 6)
        #expect(Set(news.stories.map(\.heroImage.alt)).count == news.stories.count, "every story has a photo of its own")
        for (story, source) in zip(news.stories, DemoNewsStories.all) {
            #expect(story.heroImage.alt == source.picture.alt)
            guard case let .image(scene) = story.contents[1] else {
                Issue.record("\(story.headline): the second block is its scene")
                continue
            }
            #expect(scene.alt.isEmpty || scene.alt == source.picture.scene.alternativeText)
        }
        #expect(news.adverts.allSatisfy { $0.offer?.isEmpty == false }, "an advert says what it offers")
    }

    @Test func isUpdatedFromMinutesToMonthsAgo() throws {
        let news = try Self.edition.get()
        let ages = (news.stories.map(\.updatedAt) + news.webLinks.map(\.updatedAt)).map { Self.now.timeIntervalSince($0) }

        #expect(ages.min().map { $0 < 15 * 60 } == true)
        #expect(ages.max().map { $0 > 90 * 24 * 3_600 } == true)
        #expect(ages.contains(59 * 60) && ages.contains(3_600) && ages.contains(23 * 3_600) && ages.contains(24 * 3_600))
    }

    @Test func isTheSameOnEveryRun() throws {
        let first = try Self.edition.get()
        let second = try DemoNews.make(now: Self.now)

        #expect(first.stories.map(\.id) == second.stories.map(\.id))
        #expect(first.adverts.map(\.id) == second.adverts.map(\.id))
        #expect(Set(first.stories.map(\.id)).count == first.stories.count)
    }
}
