import EssentialFeed
import Foundation
import Synchronization
import Testing

@Suite struct LocalNewsLoaderTests {
    private static let savedAt = Date(timeIntervalSince1970: 1_700_000_000)
    private static let sevenDays: TimeInterval = 7 * 24 * 3_600

    @Test func savedListAndStories_loadAsTheyWere_withWhenTheyWereSaved() async throws {
        let (sut, _, _) = makeSUT()
        let story = Self.story()
        try await sut.save(Self.list)
        try await sut.save(story)

        let list = try #require(try await sut.loadList())
        let loaded = try #require(try await sut.loadStory(withID: story.id))

        #expect(list.value == Self.list)
        #expect(list.savedAt == Self.savedAt)
        #expect(loaded.value == story)
        #expect(try await sut.loadStory(withID: UUID()) == nil)
    }

    @Test func aStorySavedLater_doesNotReplaceAnother() async throws {
        let (sut, _, _) = makeSUT()
        let first = Self.story(headline: "First")
        let second = Self.story(headline: "Second")
        try await sut.save(first)
        try await sut.save(second)

        #expect(try await sut.loadStory(withID: first.id)?.value == first)
        #expect(try await sut.loadStory(withID: second.id)?.value == second)
    }

    @Test func cache_isShownForLessThanSevenDays() async throws {
        let (sut, _, clock) = makeSUT()
        try await sut.save(Self.list)

        clock.set(Self.savedAt.addingTimeInterval(Self.sevenDays - 1))
        #expect(try await sut.loadList() != nil)
        clock.set(Self.savedAt.addingTimeInterval(Self.sevenDays))
        #expect(try await sut.loadList() == nil)
    }

    @Test func unreadableValue_isRemoved_notShown() async throws {
        let (sut, store, _) = makeSUT()
        try await store.insert(Data("not json".utf8), forKey: "news/list", timestamp: Self.savedAt)

        #expect(try await sut.loadList() == nil)
        #expect(try await store.retrieveResource(forKey: "news/list") == nil)
    }

    @Test func validation_removesWhatExpired_andKeepsTheRest() async throws {
        let store = InMemoryResourceStore()
        let now = Self.savedAt.addingTimeInterval(Self.sevenDays)
        try await store.insert(Data("expired".utf8), forKey: "old", timestamp: Self.savedAt)
        try await store.insert(Data("valid".utf8), forKey: "new", timestamp: Self.savedAt.addingTimeInterval(1))

        try await ResourceCacheValidation.validate(store, currentDate: now)

        #expect(try await store.retrieveResource(forKey: "old") == nil)
        #expect(try await store.retrieveResource(forKey: "new") != nil)
    }

    // MARK: - Helpers

    private final class Clock: Sendable {
        private let date = Mutex(LocalNewsLoaderTests.savedAt)
        var now: Date { date.withLock { $0 } }
        func set(_ newDate: Date) { date.withLock { $0 = newDate } }
    }

    private func makeSUT() -> (LocalNewsLoader, InMemoryResourceStore, Clock) {
        let store = InMemoryResourceStore()
        let clock = Clock()
        return (LocalNewsLoader(store: store, currentDate: { clock.now }), store, clock)
    }

    private static let image = NewsImage(
        url: URL(string: "https://api.example/regular.jpg")!, alternativeText: "A cat",
        photo: FeedPhoto(
            width: 720, height: 540, averageColor: "#A04C2E", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
            urls: [.thumb: URL(string: "https://api.example/thumb.jpg")!]))

    private static let list = NewsList(
        title: "Cat News",
        items: [
            .advert(NewsAdvert(id: UUID(), url: URL(string: "https://example.com")!, image: image, advertiser: "Whisker & Co.", offer: "Free delivery")),
            .advert(NewsAdvert(id: UUID(), url: URL(string: "https://example.com/beds")!, image: image, advertiser: "Cosy Paws")),
            .story(NewsStorySummary(id: UUID(), headline: "A story", teaser: "Teaser", image: image, createdAt: savedAt, updatedAt: savedAt)),
            .webLink(NewsWebLink(id: UUID(), headline: "A link", url: URL(string: "https://example.org")!, image: nil, createdAt: savedAt, updatedAt: savedAt))
        ])

    private static func story(headline: String = "A story") -> NewsStory {
        NewsStory(
            id: UUID(), headline: headline, heroImage: image, createdAt: savedAt, updatedAt: savedAt,
            contents: [.paragraph("One."), .image(NewsImage(url: image.url, alternativeText: "", photo: image.photo)), .paragraph("Two.")])
    }
}
