import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("GET /essential-feed/v1/news and /news/stories/{id}")
struct NewsRouteTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    private let newsPath = "/essential-feed/v1/news"

    @Test func list_hasTheTitle_storiesAndLinksNewestUpdateFirst_andAdvertsAtTheirSlots() async throws {
        let edition = try Self.edition(
            stories: [Self.story("Older story", updatedAgo: 3_600), Self.story("Newest story", updatedAgo: 60)],
            webLinks: [Self.webLink("A link", updatedAgo: 600, withImage: false)],
            adverts: [Self.advert("Late advertiser", slot: 99), Self.advert("First advertiser", slot: 0)])
        let (app, _) = try await makeNewsSUT(edition)

        try await app.test(.router) { client in
            let response = try await client.execute(uri: newsPath, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let json = try jsonObject(response.body)
            #expect(json["title"] as? String == "Cat News")
            let items = try #require(json["items"] as? [[String: Any]])
            #expect(items.map { $0["type"] as? String } == ["advert", "story", "weblink", "story", "advert"])
            #expect(
                items.map { ($0["headline"] ?? $0["advertiser"]) as? String }
                    == ["First advertiser", "Newest story", "A link", "Older story", "Late advertiser"])
        }
    }

    @Test func list_givesEachTypeTheKeysItsTypeHas_withImagesAsTheMediaPipelineMadeThem() async throws {
        let story = try Self.story("A story", updatedAgo: 60)
        let (app, _) = try await makeNewsSUT(
            try Self.edition(
                stories: [story], webLinks: [Self.webLink("A link", updatedAgo: 120, withImage: false)], adverts: [Self.advert("Cat Food Ltd", slot: 2)]))

        try await app.test(.router) { client in
            let items = try #require(try jsonObject(try await client.execute(uri: newsPath, method: .get).body)["items"] as? [[String: Any]])
            #expect(Set(items[0].keys) == ["type", "id", "headline", "teaser", "image", "created_at", "updated_at"])
            #expect(items[0]["id"] as? String == story.id.uuidString)
            #expect(items[0]["teaser"] as? String == "What happened in A story.")
            #expect(items[0]["updated_at"] as? String == "2023-11-14T22:12:20+0000")
            #expect(Set(items[1].keys) == ["type", "id", "headline", "url", "created_at", "updated_at"])
            #expect(items[1]["url"] as? String == "https://example.org/a-link")
            #expect(Set(items[2].keys) == ["type", "id", "url", "image", "advertiser", "offer"])
            #expect(items[2]["offer"] as? String == "What Cat Food Ltd offers")

            let image = try #require(items[0]["image"] as? [String: Any])
            #expect(Set(image.keys) == ["url", "alt", "width", "height", "blur_hash", "color", "urls"])
            #expect(image["alt"] as? String == "A cat asleep")
            #expect(image["width"] as? Int == 600 && image["height"] as? Int == 300)
            #expect((image["blur_hash"] as? String)?.count == 28)
            let urls = try #require(image["urls"] as? [String: String])
            #expect(Set(urls.keys) == ["thumb", "small", "regular", "full"])
            #expect(image["url"] as? String == urls["regular"])
            let imagePath = try #require(urls["thumb"]?.replacingOccurrences(of: testPublicURL, with: ""))
            let thumb = try await client.execute(uri: imagePath, method: .get)
            #expect(thumb.status == .ok)
            #expect(thumb.headers[.contentType] == "image/jpeg")
        }
    }

    @Test func story_deliversItsContentsInReadingOrder_withDecorativeImagesMarkedByAnEmptyAlt() async throws {
        let story = try Self.story("A story", updatedAgo: 60, decorativeImage: true)
        let (app, _) = try await makeNewsSUT(try Self.edition(stories: [story]))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(newsPath)/stories/\(story.id.uuidString.lowercased())", method: .get)
            #expect(response.status == .ok)
            let json = try jsonObject(response.body)
            #expect(Set(json.keys) == ["id", "headline", "hero_image", "created_at", "updated_at", "contents"])
            #expect(json["headline"] as? String == "A story")
            #expect((json["hero_image"] as? [String: Any])?["alt"] as? String == "A cat asleep")
            let contents = try #require(json["contents"] as? [[String: Any]])
            #expect(contents.map { $0["type"] as? String } == ["paragraph", "image", "paragraph"])
            #expect(contents[0]["text"] as? String == "First paragraph of A story.")
            #expect((contents[1]["image"] as? [String: Any])?["alt"] as? String == "")
            #expect(contents[2]["text"] as? String == "Second paragraph of A story.")
        }
    }

    @Test(arguments: ["00000000-0000-0000-0000-000000000000", "not-a-uuid"])
    func story_answersNotFoundForAnUnknownOrMalformedID(id: String) async throws {
        let (app, _) = try await makeNewsSUT(try Self.edition(stories: [Self.story("A story", updatedAgo: 60)]))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(newsPath)/stories/\(id)", method: .get)
            try expectProblem(response, status: .notFound, type: "/essential-feed/problems/unknown-story")
        }
    }

    @Test func linksAndAdverts_haveNoStoryScreen() async throws {
        let link = try Self.webLink("A link", updatedAgo: 60, withImage: true)
        let (app, _) = try await makeNewsSUT(try Self.edition(webLinks: [link]))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(newsPath)/stories/\(link.id.uuidString)", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test func listAndStory_answerNotModifiedToTheirETag_untilTheNewsChanges() async throws {
        let story = try Self.story("A story", updatedAgo: 60)
        let (app, news) = try await makeNewsSUT(try Self.edition(stories: [story]))

        try await app.test(.router) { client in
            for path in [newsPath, "\(newsPath)/stories/\(story.id.uuidString)"] {
                let first = try await client.execute(uri: path, method: .get)
                let etag = try #require(first.headers[.eTag])
                let again = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified, "\(path)")
            }
            let etag = try #require(try await client.execute(uri: newsPath, method: .get).headers[.eTag])
            try await news.replaceNews(with: try Self.edition(stories: [Self.story("Replaced", updatedAgo: 1)]))
            let changed = try await client.execute(uri: newsPath, method: .get, headers: [.ifNoneMatch: etag])
            #expect(changed.status == .ok)
            #expect(String(buffer: changed.body).contains("Replaced"))
            let gone = try await client.execute(uri: "\(newsPath)/stories/\(story.id.uuidString)", method: .get)
            #expect(gone.status == .notFound)
        }
    }

    @Test func emptyNews_isAnEmptyList() async throws {
        let (app, _) = try await makeNewsSUT(nil)

        try await app.test(.router) { client in
            let json = try jsonObject(try await client.execute(uri: newsPath, method: .get).body)
            #expect(json["title"] as? String == "News")
            #expect((json["items"] as? [Any])?.isEmpty == true)
        }
    }

    // MARK: - Helpers

    private func makeNewsSUT(_ edition: NewsEdition?) async throws -> (some ApplicationProtocol, SQLiteNewsStore) {
        let database = try await makeDatabase()
        if let edition { _ = try await database.news.addNewsIfEmpty(edition) }
        let app = Application(responder: try buildResponder(repository: database.feed, news: database.news, publicURL: testPublicURL))
        return (app, database.news)
    }

    static func edition(
        stories: [NewStory] = [], webLinks: [NewWebLink] = [], adverts: [NewAdvert] = []
    ) throws -> NewsEdition {
        NewsEdition(title: "Cat News", stories: stories, webLinks: webLinks, adverts: adverts)
    }

    static func photo(alt: String = "A cat asleep", seed: Int = 0) throws -> NewNewsPhoto {
        NewNewsPhoto(photo: try processedPhoto(width: 600, height: 300, seed: seed), alt: alt)
    }

    static func story(_ headline: String, updatedAgo seconds: TimeInterval, decorativeImage: Bool = false) throws -> NewStory {
        NewStory(
            id: UUID(), headline: headline, teaser: "What happened in \(headline).", heroImage: try photo(),
            createdAt: now.addingTimeInterval(-seconds - 3_600), updatedAt: now.addingTimeInterval(-seconds),
            contents: [
                .paragraph("First paragraph of \(headline)."),
                .image(try photo(alt: decorativeImage ? "" : "A cat on a wall", seed: 1)),
                .paragraph("Second paragraph of \(headline).")
            ])
    }

    static func webLink(_ headline: String, updatedAgo seconds: TimeInterval, withImage: Bool) throws -> NewWebLink {
        NewWebLink(
            id: UUID(), headline: headline, url: "https://example.org/\(headline.lowercased().replacingOccurrences(of: " ", with: "-"))",
            image: withImage ? try photo(seed: 2) : nil,
            createdAt: now.addingTimeInterval(-seconds - 60), updatedAt: now.addingTimeInterval(-seconds))
    }

    static func advert(_ advertiser: String, slot: Int, withOffer: Bool = true) throws -> NewAdvert {
        NewAdvert(
            id: UUID(), url: "https://example.com/ad", advertiser: advertiser, image: try photo(alt: "An advert", seed: 3), slot: slot,
            offer: withOffer ? "What \(advertiser) offers" : nil)
    }
}
