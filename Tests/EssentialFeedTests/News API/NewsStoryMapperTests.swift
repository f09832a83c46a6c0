import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct NewsStoryMapperTests {
    private static var story: [String: Any] {
        [
            "id": NewsListMapperTests.storyID.uuidString, "headline": "Cat elected mayor", "hero_image": NewsListMapperTests.image,
            "created_at": "2023-11-14T22:13:20+0000", "updated_at": "2023-11-14T23:13:20+0000",
            "contents": [
                ["type": "paragraph", "text": "Residents voted."],
                ["type": "image", "image": NewsListMapperTests.image],
                ["type": "paragraph", "text": "He listens."]
            ]
        ]
    }

    @Test func map_deliversTheStoryWithItsContentsInReadingOrder() throws {
        let story = try NewsStoryMapper.map(Self.json(Self.story), from: NewsListMapperTests.response(200))

        #expect(
            story
                == NewsStory(
                    id: NewsListMapperTests.storyID, headline: "Cat elected mayor", heroImage: NewsListMapperTests.expectedImage,
                    createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_003_600),
                    contents: [.paragraph("Residents voted."), .image(NewsListMapperTests.expectedImage), .paragraph("He listens.")]))
    }

    @Test(arguments: ["id", "headline", "hero_image", "created_at", "updated_at", "contents"])
    func map_failsWhenAKeyIsMissing(key: String) {
        var story = Self.story
        story[key] = nil

        #expect(throws: NewsStoryMapper.Error.invalidData) { try NewsStoryMapper.map(Self.json(story), from: NewsListMapperTests.response(200)) }
    }

    @Test func map_failsOnABlockItCannotRead_ratherThanShowingPartOfTheStory() {
        var story = Self.story
        story["contents"] = [["type": "paragraph", "text": "Kept?"], ["type": "video", "url": "x"]]

        #expect(throws: NewsStoryMapper.Error.invalidData) { try NewsStoryMapper.map(Self.json(story), from: NewsListMapperTests.response(200)) }
    }

    @Test func map_tellsAStoryThatDoesNotExist_fromOtherFailures() {
        #expect(throws: ResourceNotFoundError()) { try NewsStoryMapper.map(Data(), from: NewsListMapperTests.response(404)) }
        #expect(throws: NewsStoryMapper.Error.invalidData) { try NewsStoryMapper.map(Self.json(Self.story), from: NewsListMapperTests.response(500)) }
    }

    @Test func endpoint_addressesTheListAndEachStory() {
        let base = URL(string: "http://127.0.0.1:8081/essential-feed")!
        #expect(NewsEndpoint.list.url(baseURL: base).absoluteString == "http://127.0.0.1:8081/essential-feed/v1/news")
        #expect(
            NewsEndpoint.story(NewsListMapperTests.storyID).url(baseURL: base).absoluteString
                == "http://127.0.0.1:8081/essential-feed/v1/news/stories/11111111-1111-1111-1111-111111111111")
    }

    private static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }
}
