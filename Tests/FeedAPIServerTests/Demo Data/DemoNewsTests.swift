import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct DemoNewsTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func hasTwoDozenStoriesOfSeveralParagraphsAndImages_someLinks_andAFewAdverts() throws {
        let news = try DemoNews.make(now: Self.now)

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

    @Test func isUpdatedFromMinutesToMonthsAgo() throws {
        let news = try DemoNews.make(now: Self.now)
        let ages = (news.stories.map(\.updatedAt) + news.webLinks.map(\.updatedAt)).map { Self.now.timeIntervalSince($0) }

        #expect(ages.min().map { $0 < 15 * 60 } == true)
        #expect(ages.max().map { $0 > 90 * 24 * 3_600 } == true)
        #expect(ages.contains(59 * 60) && ages.contains(3_600) && ages.contains(23 * 3_600) && ages.contains(24 * 3_600))
    }

    @Test func isTheSameOnEveryRun() throws {
        let first = try DemoNews.make(now: Self.now)
        let second = try DemoNews.make(now: Self.now)

        #expect(first.stories.map(\.id) == second.stories.map(\.id))
        #expect(first.adverts.map(\.id) == second.adverts.map(\.id))
        #expect(Set(first.stories.map(\.id)).count == first.stories.count)
    }
}
