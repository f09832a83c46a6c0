import Foundation
import Testing

@testable import FeedAPIStorage

/// What every news repository does, on each database the API runs on.
@Suite("News repository: what every database does")
struct NewsRepositorySpecs {
    @Test(arguments: StorageKind.all)
    func anEdition_readsBackAsTheListAndItsStories_inTheirOrder(_ kind: StorageKind) async throws {
        let news = try await kind.make().news
        let older = try NewsRouteTests.story("Older story", updatedAgo: 3_600)
        let newest = try NewsRouteTests.story("Newest story", updatedAgo: 60)
        let link = try NewsRouteTests.webLink("A link", updatedAgo: 600, withImage: false)
        let edition = try NewsRouteTests.edition(
            stories: [older, newest], webLinks: [link],
            adverts: [
                try NewsRouteTests.advert("Late advertiser", slot: 99, withOffer: false), try NewsRouteTests.advert("First advertiser", slot: 0)
            ])

        #expect(try await news.addNewsIfEmpty(edition))

        let list = try await news.newsList()
        #expect(list.title == "Cat News")
        #expect(list.items.map(Self.name) == ["First advertiser", "Newest story", "A link", "Older story", "Late advertiser"])
        #expect(list.items.map(Self.offer) == ["What First advertiser offers", nil, nil, nil, nil])
        let story = try #require(try await news.story(withID: newest.id))
        #expect(story.headline == "Newest story")
        #expect(story.updatedAt == newest.updatedAt)
        #expect(story.contents.count == 3)
        if case let .image(photo) = story.contents[1] {
            #expect(photo.alt == "A cat on a wall")
            #expect(photo.details.renditions.count == 4)
        } else {
            Issue.record("the second block is the story's photo")
        }
        #expect(try await news.story(withID: link.id) == nil, "a web link is no story")
        #expect(try await news.story(withID: UUID()) == nil)
    }

    @Test(arguments: StorageKind.all)
    func replacing_leavesOnlyTheNewEdition_andAddingIfEmptyLeavesNewsAlone(_ kind: StorageKind) async throws {
        let news = try await kind.make().news
        _ = try await news.addNewsIfEmpty(try NewsRouteTests.edition(stories: [try NewsRouteTests.story("First", updatedAgo: 60)]))
        let versionBefore = news.dataVersion

        try await news.replaceNews(with: try NewsRouteTests.edition(stories: [try NewsRouteTests.story("Replaced", updatedAgo: 1)]))

        #expect(news.dataVersion != versionBefore)
        #expect(try await news.newsList().items.map(Self.name) == ["Replaced"])
        #expect(try await news.addNewsIfEmpty(try NewsRouteTests.edition(stories: [try NewsRouteTests.story("Ignored", updatedAgo: 1)])) == false)
        #expect(try await news.newsList().items.map(Self.name) == ["Replaced"])
    }

    private static func offer(_ item: StoredNewsListItem) -> String? {
        guard case let .advert(advert) = item else { return nil }
        return advert.offer
    }

    private static func name(_ item: StoredNewsListItem) -> String {
        switch item {
        case let .story(story): story.headline
        case let .webLink(link): link.headline
        case let .advert(advert): advert.advertiser
        }
    }
}
