import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct NewsListMapperTests {
    @Test func map_deliversEveryTypeOfItemInTheAPIsOrder() throws {
        let list = try NewsListMapper.map(Self.json(title: "Cat News", items: [Self.story, Self.webLink, Self.advert]), from: Self.response(200))

        #expect(list.title == "Cat News")
        #expect(
            list.items == [
                .story(
                    NewsStorySummary(
                        id: Self.storyID, headline: "Cat elected mayor", teaser: "A landslide.", image: Self.expectedImage,
                        createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_003_600))),
                .webLink(
                    NewsWebLink(
                        id: Self.linkID, headline: "Reading tails", url: URL(string: "https://example.org/tails")!, image: nil,
                        createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_000_060))),
                .advert(NewsAdvert(id: Self.advertID, url: URL(string: "https://example.com/ad")!, image: Self.expectedImage, advertiser: "Whisker & Co."))
            ])
    }

    @Test(arguments: [
        ("story", "id"), ("story", "headline"), ("story", "teaser"), ("story", "image"), ("story", "created_at"), ("story", "updated_at"),
        ("weblink", "id"), ("weblink", "headline"), ("weblink", "url"), ("weblink", "created_at"), ("weblink", "updated_at"),
        ("advert", "id"), ("advert", "url"), ("advert", "image"), ("advert", "advertiser"),
        ("story", "type")
    ])
    func map_leavesOutAnItemMissingWhatItsTypeRequires_andKeepsTheOthers(type: String, key: String) throws {
        var broken = [Self.story, Self.webLink, Self.advert].first { $0["type"] as? String == type } ?? [:]
        broken[key] = nil

        let list = try NewsListMapper.map(Self.json(items: [Self.story, broken, Self.webLink, Self.advert]), from: Self.response(200))

        #expect(list.items.count == 3)
    }

    @Test func map_leavesOutUnknownTypes_unsafeAddresses_andUnreadableImages() throws {
        var video = Self.story
        video["type"] = "video"
        var script = Self.webLink
        script["url"] = "javascript:alert(1)"
        var badImage = Self.story
        badImage["image"] = ["url": "not a url", "alt": "", "width": 0, "height": 10, "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"]
        var badDate = Self.story
        badDate["updated_at"] = "yesterday"

        let list = try NewsListMapper.map(Self.json(items: [video, script, badImage, badDate, Self.advert]), from: Self.response(200))

        #expect(list.items.map(\.id) == [Self.advertID])
    }

    @Test func map_deliversAnAdvertsOffer_andKeepsAnAdvertWhoseOfferIsMissingEmptyOrNotText() throws {
        var offering = Self.advert
        offering["offer"] = "Beds cats actually sleep in: 20 % off this week"
        var empty = Self.advert
        empty["offer"] = ""
        var number = Self.advert
        number["offer"] = 20

        let offers = try [offering, Self.advert, empty, number].map { advert in
            let list = try NewsListMapper.map(Self.json(items: [advert]), from: Self.response(200))
            guard case let .advert(mapped) = try #require(list.items.first) else { throw MapperTestFailure.notAnAdvert }
            return mapped.offer
        }

        #expect(offers == ["Beds cats actually sleep in: 20 % off this week", nil, nil, nil])
    }

    private enum MapperTestFailure: Error {
        case notAnAdvert
    }

    @Test func map_keepsAWebLinkWhoseOptionalImageCannotBeRead_withoutTheImage() throws {
        var link = Self.webLink
        link["image"] = ["url": "https://example.org/a.jpg"]

        let list = try NewsListMapper.map(Self.json(items: [link]), from: Self.response(200))

        guard case let .webLink(read) = list.items.first else {
            Issue.record("the link is kept")
            return
        }
        #expect(read.image == nil)
    }

    @Test func map_readsTheImagesExtras_andMarksAnEmptyAltDecorative() throws {
        var advert = Self.advert
        var image = Self.image
        image["alt"] = ""
        image["color"] = "not a colour"
        advert["image"] = image

        let list = try NewsListMapper.map(Self.json(items: [advert]), from: Self.response(200))

        guard case let .advert(read) = list.items.first else {
            Issue.record("the advert is kept")
            return
        }
        #expect(read.image.isDecorative)
        #expect(read.image.photo.averageColor == nil)
        #expect(read.image.photo.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(read.image.photo.urls[.thumb] == URL(string: "https://api.example/thumb.jpg"))
    }

    @Test(arguments: [200, 201, 304, 400, 404, 500])
    func map_failsOnAnythingButA200WithTheList(status: Int) throws {
        let valid = Self.json(items: [Self.story])
        if status == 200 {
            #expect(throws: NewsListMapper.Error.invalidData) { try NewsListMapper.map(Data("[]".utf8), from: Self.response(200)) }
            #expect(throws: NewsListMapper.Error.invalidData) { try NewsListMapper.map(Data(#"{"title": "x"}"#.utf8), from: Self.response(200)) }
            #expect(throws: NewsListMapper.Error.invalidData) { try NewsListMapper.map(Data("not json".utf8), from: Self.response(200)) }
        } else {
            #expect(throws: NewsListMapper.Error.invalidData) { try NewsListMapper.map(valid, from: Self.response(status)) }
        }
    }

    // MARK: - Helpers

    static let storyID = UUID(uuidString: "11111111-1111-1111-1111-111111111111")!
    static let linkID = UUID(uuidString: "22222222-2222-2222-2222-222222222222")!
    static let advertID = UUID(uuidString: "33333333-3333-3333-3333-333333333333")!

    static var image: [String: Any] {
        [
            "url": "https://api.example/regular.jpg", "alt": "A ginger cat", "width": 720, "height": 540,
            "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "color": "#A04C2E",
            "urls": ["thumb": "https://api.example/thumb.jpg", "regular": "https://api.example/regular.jpg", "huge": "https://api.example/huge.jpg"]
        ]
    }
    static let expectedImage = NewsImage(
        url: URL(string: "https://api.example/regular.jpg")!, alternativeText: "A ginger cat",
        photo: FeedPhoto(
            width: 720, height: 540, averageColor: "#A04C2E", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
            urls: [.thumb: URL(string: "https://api.example/thumb.jpg")!, .regular: URL(string: "https://api.example/regular.jpg")!]))
    static var story: [String: Any] {
        [
            "type": "story", "id": storyID.uuidString, "headline": "Cat elected mayor", "teaser": "A landslide.", "image": image,
            "created_at": "2023-11-14T22:13:20+0000", "updated_at": "2023-11-14T23:13:20+0000"
        ]
    }
    static var webLink: [String: Any] {
        [
            "type": "weblink", "id": linkID.uuidString, "headline": "Reading tails", "url": "https://example.org/tails",
            "created_at": "2023-11-14T22:13:20+0000", "updated_at": "2023-11-14T22:14:20+0000"
        ]
    }
    static var advert: [String: Any] {
        [
            "type": "advert", "id": advertID.uuidString, "url": "https://example.com/ad", "image": image, "advertiser": "Whisker & Co."
        ]
    }

    static func json(title: String = "News", items: [[String: Any]]) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["title": title, "items": items])) ?? Data()
    }

    static func response(_ status: Int) -> HTTPURLResponse {
        HTTPURLResponse(url: URL(string: "https://api.example/v1/news")!, statusCode: status, httpVersion: nil, headerFields: nil)!
    }
}
