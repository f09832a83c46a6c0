import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedItemsMapperTests {
    @Test(arguments: [199, 201, 299, 300, 400, 500])
    func map_throwsErrorOnNon200HTTPResponse(statusCode: Int) {
        let json = makeFeedItemsJSON([makeFeedItem().json])

        #expect(throws: FeedItemsMapper.Error.invalidData) {
            try FeedItemsMapper.map(json, from: HTTPURLResponse(statusCode: statusCode))
        }
    }

    @Test func map_tellsAFeedThatDoesNotExist_andAPageTheClientHoldsUnchanged_fromOtherFailures() {
        let json = makeFeedItemsJSON([makeFeedItem().json])

        #expect(throws: ResourceNotFoundError()) { try FeedItemsMapper.map(json, from: HTTPURLResponse(statusCode: 404)) }
        #expect(throws: ResourceNotModifiedError()) { try FeedItemsMapper.map(Data(), from: HTTPURLResponse(statusCode: 304)) }
    }

    @Test(arguments: [
        "not json",
        "",
        "{}",
        "[]",
        #"{"items": {}}"#,
        #"{"items": null}"#
    ])
    func map_throwsErrorOn200HTTPResponseWithInvalidJSON(body: String) {
        #expect(throws: FeedItemsMapper.Error.invalidData) {
            try FeedItemsMapper.map(Data(body.utf8), from: HTTPURLResponse(statusCode: 200))
        }
    }

    @Test func map_deliversNoItemsOn200HTTPResponseWithEmptyJSONList() throws {
        let emptyListJSON = makeFeedItemsJSON([])

        let result = try FeedItemsMapper.map(emptyListJSON, from: HTTPURLResponse(statusCode: 200))

        #expect(result == [])
    }

    @Test func map_deliversItemsInPayloadOrderOn200HTTPResponseWithJSONItems() throws {
        let withEverything = makeFeedItem(
            description: "a description",
            location: "a location",
            imageURL: URL(string: "http://127.0.0.1:8081/images/1.jpg")!
        )
        let withoutOptionals = makeFeedItem(imageURL: URL(string: "https://another-url.com/2.png")!)
        let withDescriptionOnly = makeFeedItem(description: "only a description")
        let withLocationOnly = makeFeedItem(location: "only a location")
        let items = [withEverything, withoutOptionals, withDescriptionOnly, withLocationOnly]

        let result = try FeedItemsMapper.map(
            makeFeedItemsJSON(items.map(\.json)),
            from: HTTPURLResponse(statusCode: 200)
        )

        #expect(result == items.map(\.model))
    }

    @Test func map_deliversTheAlternativeTextAndCommentCountWhenTheAPIGivesThem() throws {
        let item = makeFeedItem(description: "a description")
        var json = item.json
        json["alt"] = "A lighthouse at sunset"
        json["comment_count"] = 3
        var withNegativeCount = makeFeedItem().json
        withNegativeCount["comment_count"] = -1

        let result = try FeedItemsMapper.map(makeFeedItemsJSON([json, withNegativeCount]), from: HTTPURLResponse(statusCode: 200))

        #expect(result.first?.alternativeText == "A lighthouse at sunset")
        #expect(result.first?.commentCount == 3)
        #expect(result.last?.commentCount == nil, "a count below zero is no count")
        #expect(result.last?.alternativeText == nil)
    }

    @Test func map_deliversTheLikeCountAndTheReadersLike_whenTheAPIGivesThem() throws {
        var liked = makeFeedItem().json
        liked["like_count"] = 12
        liked["liked"] = true
        var unknown = makeFeedItem().json
        unknown["like_count"] = -3
        unknown["liked"] = "yes"

        let result = try FeedItemsMapper.map(makeFeedItemsJSON([liked, unknown, makeFeedItem().json]), from: HTTPURLResponse(statusCode: 200))

        #expect(result.map(\.likeCount) == [12, nil, nil])
        #expect(result.map(\.isLiked) == [true, nil, nil], "a value the app cannot read leaves the item without it")
    }

    @Test func map_deliversTheContentWarningAndWhenTheItemWasEdited_whenTheAPIGivesThem() throws {
        var warned = makeFeedItem().json
        warned["content_warning"] = "Spiders"
        warned["edited_at"] = "2026-11-28T08:40:00+0000"
        var unreadable = makeFeedItem().json
        unreadable["content_warning"] = 7
        unreadable["edited_at"] = "yesterday"
        var tooLong = makeFeedItem().json
        tooLong["content_warning"] = String(repeating: "a", count: 201)

        let result = try FeedItemsMapper.map(
            makeFeedItemsJSON([warned, unreadable, tooLong, makeFeedItem().json]), from: HTTPURLResponse(statusCode: 200))

        #expect(result.map(\.contentWarning) == ["Spiders", nil, nil, nil])
        #expect(result.map(\.editedAt) == [Date(timeIntervalSince1970: 1_795_855_200), nil, nil, nil])
    }

    @Test func map_deliversTheAuthorWhenTheAPINamesOne_andKeepsItemsWhoseAuthorItCannotShow() throws {
        var named = makeFeedItem().json
        named["author"] = ["username": "maria.silva", "name": "Maria Silva"]
        var handleOnly = makeFeedItem().json
        handleOnly["author"] = ["username": "sam"]
        var unusable = makeFeedItem().json
        unusable["author"] = ["name": "No handle"]
        let withoutAuthor = makeFeedItem().json

        let result = try FeedItemsMapper.map(
            makeFeedItemsJSON([named, handleOnly, unusable, withoutAuthor]), from: HTTPURLResponse(statusCode: 200))

        #expect(
            result.map(\.author) == [
                User(username: "maria.silva", name: "Maria Silva"), User(username: "sam", name: "sam"), nil, nil
            ])
    }

    @Test func map_deliversTheAuthorsPicture_andLeavesOutOneItCannotShow_keepingTheAuthor() throws {
        let picture: [String: Any] = [
            "color": "#3A5F8C", "blur_hash": "UKO2?U%2Tw=w]~RBVZRi};RPxuwH",
            "urls": ["thumb": "https://feed.test/a-thumb.jpg", "small": "https://feed.test/a-small.jpg"]
        ]
        var pictured = makeFeedItem().json
        pictured["author"] = ["username": "rita", "name": "Rita", "avatar": picture]
        var scripted = makeFeedItem().json
        scripted["author"] = ["username": "sam", "avatar": ["urls": ["thumb": "javascript:alert(1)", "small": "https://feed.test/s.jpg"]]]
        var odd = makeFeedItem().json
        odd["author"] = ["username": "ann", "avatar": 42]

        let result = try FeedItemsMapper.map(makeFeedItemsJSON([pictured, scripted, odd]), from: HTTPURLResponse(statusCode: 200))

        let expected = Avatar(
            thumbURL: URL(string: "https://feed.test/a-thumb.jpg")!, smallURL: URL(string: "https://feed.test/a-small.jpg")!,
            averageColor: "#3A5F8C", blurHash: "UKO2?U%2Tw=w]~RBVZRi};RPxuwH")
        #expect(result.map(\.author?.avatar) == [expected, nil, nil])
        #expect(result.map(\.author?.username) == ["rita", "sam", "ann"])
    }

    @Test func map_deliversThePhotosSizePlaceholderURLsAndDate_whenTheAPIGivesThem() throws {
        var json = makeFeedItem().json
        json["width"] = 1080
        json["height"] = 720
        json["color"] = "#3A5F8C"
        json["blur_hash"] = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
        json["created_at"] = "2026-11-15T02:31:14+0000"
        json["urls"] = [
            "thumb": "https://images.example/t.jpg", "small": "https://images.example/s.jpg",
            "regular": "https://images.example/r.jpg", "full": "https://images.example/f.jpg"
        ]

        let item = try #require(try FeedItemsMapper.map(makeFeedItemsJSON([json]), from: HTTPURLResponse(statusCode: 200)).first)

        #expect(
            item.photo
                == FeedPhoto(
                    width: 1080, height: 720, averageColor: "#3A5F8C", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                    urls: [
                        .thumb: URL(string: "https://images.example/t.jpg")!, .small: URL(string: "https://images.example/s.jpg")!,
                        .regular: URL(string: "https://images.example/r.jpg")!, .full: URL(string: "https://images.example/f.jpg")!
                    ]))
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_794_709_874))
    }

    @Test func map_leavesOutExtrasItCannotUse_keepingTheItem() throws {
        var badSize = makeFeedItem().json
        badSize["width"] = "wide"
        badSize["height"] = 720
        var zeroSize = makeFeedItem().json
        zeroSize["width"] = 0
        zeroSize["height"] = 720
        var badParts = makeFeedItem().json
        badParts["width"] = 400
        badParts["height"] = 300
        badParts["color"] = "blue"
        badParts["blur_hash"] = 42
        badParts["created_at"] = "yesterday"
        badParts["urls"] = ["thumb": "not a url", "huge": "https://images.example/h.jpg", "small": "https://images.example/s.jpg"]

        let items = try FeedItemsMapper.map(makeFeedItemsJSON([badSize, zeroSize, badParts]), from: HTTPURLResponse(statusCode: 200))

        #expect(items.count == 3)
        #expect(items[0].photo == nil)
        #expect(items[1].photo == nil)
        #expect(items[2].photo == FeedPhoto(width: 400, height: 300, urls: [.small: URL(string: "https://images.example/s.jpg")!]))
        #expect(items[2].createdAt == nil)
    }

    @Test func map_treatsNullOptionalValuesAsMissing() throws {
        let item = makeFeedItem()
        var json = item.json
        json["description"] = NSNull()
        json["location"] = NSNull()

        let result = try FeedItemsMapper.map(makeFeedItemsJSON([json]), from: HTTPURLResponse(statusCode: 200))

        #expect(result == [item.model])
    }

    @Test func map_ignoresUnknownKeys() throws {
        let item = makeFeedItem(description: "a description")
        var json = item.json
        json["likes"] = 42
        json["owner"] = ["username": "someone"]

        let result = try FeedItemsMapper.map(
            try JSONSerialization.data(withJSONObject: ["items": [json], "next": "a cursor"]),
            from: HTTPURLResponse(statusCode: 200)
        )

        #expect(result == [item.model])
    }

    @Test(arguments: MalformedFeedItem.allCases)
    func map_throwsErrorWhenOneItemAmongValidItemsIsMalformed(_ malformation: MalformedFeedItem) {
        let validItems = [makeFeedItem().json, makeFeedItem(description: "a description").json]
        let malformed = malformation.apply(to: makeFeedItem(location: "a location").json)

        #expect(throws: FeedItemsMapper.Error.invalidData) {
            try FeedItemsMapper.map(
                makeFeedItemsJSON([validItems[0], malformed, validItems[1]]),
                from: HTTPURLResponse(statusCode: 200)
            )
        }
    }

    enum MalformedFeedItem: CaseIterable, CustomTestStringConvertible, Sendable {
        case missingID, missingImage, invalidUUID, emptyImageURL, unparsableImageURL, relativeImageURL
        case numericID, numericDescription, numericLocation, arrayImage

        func apply(to json: [String: Any]) -> [String: Any] {
            var json = json
            switch self {
            case .missingID: json["id"] = nil
            case .missingImage: json["image"] = nil
            case .invalidUUID: json["id"] = "not-a-uuid"
            case .emptyImageURL: json["image"] = ""
            case .unparsableImageURL: json["image"] = "http://[not-a-host"
            case .relativeImageURL: json["image"] = "images/1.jpg"
            case .numericID: json["id"] = 1
            case .numericDescription: json["description"] = 1
            case .numericLocation: json["location"] = 1.5
            case .arrayImage: json["image"] = ["https://an-image-url.com"]
            }
            return json
        }

        var testDescription: String { "\(self)" }
    }
}
