import Foundation
import Hummingbird
import HummingbirdTesting
import MediaPipeline
import NIOCore
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct FeedRouteTests {
    private let feedPath = "/essential-feed/v1/feed"

    @Test func getFeed_deliversTheFirstItemsInFeedOrderAsJSON() async throws {
        let items = makeItems(3)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try ids(response.body) == items.map(\.id.uuidString))
        }
    }

    @Test func getItem_deliversTheItemAsTheFeedShowsIt_notFoundForAnUnknownID_andBadRequestForANonUUID() async throws {
        let items = makeItems(3)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let page = try jsonItems(try await client.execute(uri: feedPath, method: .get).body)
            let response = try await client.execute(uri: "/essential-feed/v1/image/\(items[1].id.uuidString)", method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-cache")
            let item = try jsonObject(response.body)
            #expect(NSDictionary(dictionary: item).isEqual(to: page[1]))

            let unknown = try await client.execute(uri: "/essential-feed/v1/image/\(UUID().uuidString)", method: .get)
            try expectProblem(unknown, status: .notFound)
            let malformed = try await client.execute(uri: "/essential-feed/v1/image/not-a-uuid", method: .get)
            try expectProblem(malformed, status: .badRequest)
        }
    }

    @Test func getFeed_deliversEachItemsFieldsWithTheAbsoluteImageURL() async throws {
        let item = makeItem(1, description: "A \"quoted\" description", location: "Αθήνα", image: jpegImage(1))
        let (app, _) = try await makeSUT(items: [item])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            let json = try #require(try jsonItems(response.body).first)
            let digest = ImageDigest(of: item.image.data).hex
            #expect(json["id"] as? String == item.id.uuidString)
            #expect(json["description"] as? String == "A \"quoted\" description")
            #expect(json["location"] as? String == "Αθήνα")
            #expect(json["image"] as? String == "\(testPublicURL)/essential-feed/v1/images/\(digest).jpg")
            #expect(json["comment_count"] as? Int == 0)
            #expect(json["like_count"] as? Int == 0)
            #expect(json["visibility"] as? String == "public")
            #expect(json.count == 7)
        }
    }

    @Test func getFeed_describesEachImageAndCountsItsComments() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var described = makeItem(1, comments: [makeComment("one", createdAt: now), makeComment("two", createdAt: now)])
        described.alt = "A lighthouse at sunset"
        let (app, _) = try await makeSUT(items: [described, makeItem(2)])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            let items = try jsonItems(response.body)
            #expect(items.first?["alt"] as? String == "A lighthouse at sunset")
            #expect(items.first?["comment_count"] as? Int == 2)
            #expect(items.last?["alt"] == nil)
            #expect(items.last?["comment_count"] as? Int == 0)
        }
    }

    @Test func getFeed_namesTheAuthorOfAnItemPostedByAnAccount() async throws {
        var posted = makeItem(1)
        posted.authorUsername = "maria.silva"
        let repository = try await makeRepository()
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria \"Mimi\" Silva", passwordHash: "!", createdAt: Date())
        try await repository.append([posted, makeItem(2)])
        let app = Application(responder: try buildResponder(repository: repository, publicURL: testPublicURL))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            let items = try jsonItems(response.body)
            let author = try #require(items.first?["author"] as? [String: Any])
            #expect(
                author as NSDictionary
                    == ["username": "maria.silva", "name": "Maria \"Mimi\" Silva", "display_name": "Maria \"Mimi\" Silva", "avatar": NSNull()])
            #expect(items.last?["author"] == nil)
        }
    }

    @Test func getFeed_describesThePhotoAndLinksEachRendition() async throws {
        let pixels = [UInt8](repeating: 0, count: 600 * 300 * 3).enumerated().map { index, _ in [UInt8(40), 120, 200][index % 3] }
        let photo = try PhotoProcessor().process(
            PixelEncoder.encode(pixels, width: 600, height: 300, bands: 3, as: .png))
        let createdAt = Date(timeIntervalSince1970: 1_700_000_000)
        let item = NewFeedItem(id: UUID(), description: nil, location: nil, photo: photo, createdAt: createdAt)
        let (app, _) = try await makeSUT(items: [item])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            let json = try #require(try jsonItems(response.body).first)
            #expect(json["width"] as? Int == 600)
            #expect(json["height"] as? Int == 300)
            #expect(json["color"] as? String == photo.averageColor)
            #expect(json["blur_hash"] as? String == photo.blurHash)
            #expect(json["created_at"] as? String == "2023-11-14T22:13:20+0000")
            let urls = try #require(json["urls"] as? [String: String])
            for rendition in Rendition.allCases {
                let digest = ImageDigest(of: try #require(photo.renditions[rendition]).bytes).hex
                #expect(urls[rendition.rawValue] == "\(testPublicURL)/essential-feed/v1/images/\(digest).jpg")
            }
            #expect(json["image"] as? String == urls["regular"])

            let thumb = try await client.execute(uri: try #require(urls["thumb"]).replacingOccurrences(of: testPublicURL, with: ""), method: .get)
            #expect(thumb.status == .ok)
            #expect(thumb.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: thumb.body) == photo.renditions[.thumb]?.bytes)
        }
    }

    @Test func getFeed_leavesOutTheKeysOfAbsentDescriptionAndLocation() async throws {
        let noDescription = NewFeedItem(id: UUID(), description: nil, location: "Somewhere", image: pngImage(1), comments: [])
        let noLocation = NewFeedItem(id: UUID(), description: "Something", location: nil, image: pngImage(2), comments: [])
        let neither = NewFeedItem(id: UUID(), description: nil, location: nil, image: pngImage(3), comments: [])
        let (app, _) = try await makeSUT(items: [noDescription, noLocation, neither])

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            let keys = try jsonItems(response.body).map { Set($0.keys) }
            #expect(
                keys == [
                    ["id", "location", "image", "comment_count", "like_count", "visibility"], ["id", "description", "image", "comment_count", "like_count", "visibility"],
                    ["id", "image", "comment_count", "like_count", "visibility"]
                ])
            #expect(!String(buffer: response.body).contains("null"))
        }
    }

    @Test func getFeed_deliversAnEmptyPageForAnEmptyFeed() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .get)

            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"items":[]}"#)
            #expect(response.headers[.link] == nil)
        }
    }

    @Test func getFeed_deliversTenItemsWithoutLimitAndFiftyAtMost() async throws {
        let items = makeItems(60)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let byDefault = try await client.execute(uri: feedPath, method: .get)
            let atMost = try await client.execute(uri: "\(feedPath)?limit=50", method: .get)

            #expect(try ids(byDefault.body) == items.prefix(10).map(\.id.uuidString))
            #expect(try ids(atMost.body) == items.prefix(50).map(\.id.uuidString))
        }
    }

    @Test(arguments: 1...12)
    func walkingThePages_deliversEveryItemOnceInOrderEndingWithAnEmptyPage(limit: Int) async throws {
        let items = makeItems(25)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            var walked: [String] = []
            var uri = "\(feedPath)?limit=\(limit)"
            var pageCount = 0
            while true {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok)
                let page = try ids(response.body)
                #expect(page.count <= limit)
                walked += page
                pageCount += 1
                guard let last = page.last else {
                    #expect(response.headers[.link] == nil)
                    break
                }
                let next = "\(feedPath)?limit=\(limit)&after_id=\(last)"
                if page.count == limit {
                    #expect(response.headers[.link] == "<\(testPublicURL)\(next)>; rel=\"next\"")
                } else {
                    #expect(response.headers[.link] == nil, "a page that is not full is the last with items")
                }
                uri = next
                try #require(pageCount <= items.count + 1, "the walk does not end")
            }
            #expect(walked == items.map(\.id.uuidString))
        }
    }

    @Test(arguments: [
        "limit=0", "limit=51", "limit=-1", "limit=abc", "limit=", "limit=1.5", "limit=%201", "limit=10&limit=20",
        "limit=99999999999999999999999", "limit=+5", "limit=%2B5", "limit=5%00", "limit=5%20"
    ])
    func getFeed_answersBadRequestProblemForAnInvalidLimit(query: String) async throws {
        let (app, _) = try await makeSUT(items: makeItems(2))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(feedPath)?\(query)", method: .get)

            try expectProblem(response, status: .badRequest, type: "/essential-feed/problems/invalid-query-parameter")
        }
    }

    @Test(arguments: [
        "after_id=not-a-uuid", "after_id=", "after_id=1234", "after_id=%00", "after_id='%20OR%201=1--",
        "after_id=\(UUID().uuidString)%00junk", "after_id=\(UUID().uuidString)%20", "after_id=%20\(UUID().uuidString)"
    ])
    func getFeed_answersBadRequestProblemForAMalformedAfterID(query: String) async throws {
        let (app, _) = try await makeSUT(items: makeItems(2))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(feedPath)?\(query)", method: .get)

            try expectProblem(response, status: .badRequest, type: "/essential-feed/problems/invalid-query-parameter")
        }
    }

    @Test func getFeed_answersNotFoundProblemForAnAfterIDNotInTheFeed() async throws {
        let (app, _) = try await makeSUT(items: makeItems(2))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(feedPath)?after_id=\(UUID().uuidString)", method: .get)

            try expectProblem(response, status: .notFound, type: "/essential-feed/problems/unknown-feed-item")
        }
    }

    @Test func getFeed_acceptsALowerCaseAfterID() async throws {
        let items = makeItems(3)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "\(feedPath)?after_id=\(items[0].id.uuidString.lowercased())", method: .get)

            #expect(try ids(response.body) == items.dropFirst().map(\.id.uuidString))
        }
    }

    @Test func getFeed_answersNotModifiedWhenIfNoneMatchNamesThePagesETag() async throws {
        let (app, _) = try await makeSUT(items: makeItems(3))

        try await app.test(.router) { client in
            let first = try await client.execute(uri: feedPath, method: .get)
            let etag = try #require(first.headers[.eTag])

            for ifNoneMatch in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let again = try await client.execute(uri: feedPath, method: .get, headers: [.ifNoneMatch: ifNoneMatch])
                #expect(again.status == .notModified, "If-None-Match: \(ifNoneMatch)")
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == etag)
            }
            let changed = try await client.execute(uri: feedPath, method: .get, headers: [.ifNoneMatch: "\"other\""])
            #expect(changed.status == .ok)
        }
    }

    @Test func getFeed_neverDeliversACachedPageAfterTheDataChanged() async throws {
        let items = makeItems(3)
        let (app, repository) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let before = try await client.execute(uri: "\(feedPath)?limit=5", method: .get)
            let repeated = try await client.execute(uri: "\(feedPath)?limit=5", method: .get)
            let added = makeItem(4)
            try await repository.append([added])
            let after = try await client.execute(uri: "\(feedPath)?limit=5", method: .get)

            #expect(try ids(repeated.body) == items.map(\.id.uuidString))
            #expect(try ids(after.body) == (items + [added]).map(\.id.uuidString))
            #expect(after.headers[.eTag] != before.headers[.eTag])
            let revalidated = try await client.execute(
                uri: "\(feedPath)?limit=5", method: .get, headers: [.ifNoneMatch: before.headers[.eTag] ?? ""])
            #expect(revalidated.status == .ok)
        }
    }

    @Test func getFeed_deliversTheRightPageToManyConcurrentRequests() async throws {
        let items = makeItems(40)
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in 0..<200 {
                    let start = request % 30
                    let limit = request % 7 + 1
                    group.addTask {
                        let response = try await client.execute(
                            uri: "\(feedPath)?limit=\(limit)&after_id=\(items[start].id.uuidString)", method: .get)
                        let expected = items[(start + 1)...].prefix(limit).map(\.id.uuidString)
                        #expect(try ids(response.body) == expected)
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func headFeed_deliversTheHeadersWithoutABody() async throws {
        let (app, _) = try await makeSUT(items: makeItems(2))

        try await app.test(.router) { client in
            let response = try await client.execute(uri: feedPath, method: .head)

            #expect(response.status == .ok)
            #expect(response.headers[.eTag] != nil)
            #expect(response.body.readableBytes == 0)
        }
    }
}
