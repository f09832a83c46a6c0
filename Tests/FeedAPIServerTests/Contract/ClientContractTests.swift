import EssentialFeed
import Foundation
import MediaPipeline
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's real responses, read by the core's own endpoints and mappers, as the app reads them.
@Suite struct ClientContractTests {
    private let baseURL = URL(string: "\(testPublicURL)/essential-feed")!

    @Test func feedPages_mapToEveryFeedImageInOrderThroughTheClientsEndpoint() async throws {
        let items = makeItems(23) + [NewFeedItem(id: UUID(), description: nil, location: nil, image: jpegImage(1), comments: [])]
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            var loaded: [FeedImage] = []
            var endpoint = FeedEndpoint.get()
            while true {
                let (data, response) = try await get(endpoint.url(baseURL: baseURL), client: client)
                let page = try FeedItemsMapper.map(data, from: response)
                guard let last = page.last else { break }
                loaded += page
                endpoint = .get(after: last)
            }

            #expect(loaded.map(\.id) == items.map(\.id))
            #expect(loaded.map(\.description) == items.map(\.description))
            #expect(loaded.map(\.location) == items.map(\.location))
            #expect(loaded.map(\.url.absoluteString) == items.map {
                "\(testPublicURL)/essential-feed/v1/images/\(ImageDigest(of: $0.image.data).hex).\($0.image.format.fileExtension)"
            })
        }
    }

    @Test func imageURLs_deliverDataTheImageDataMapperAccepts() async throws {
        let items = [makeItem(1, image: pngImage(1)), makeItem(2, image: jpegImage(2))]
        let (app, _) = try await makeSUT(items: items)

        try await app.test(.router) { client in
            let (feedData, feedResponse) = try await get(FeedEndpoint.get().url(baseURL: baseURL), client: client)
            let images = try FeedItemsMapper.map(feedData, from: feedResponse)

            for (image, item) in zip(images, items) {
                let (data, response) = try await get(image.url, client: client)
                #expect(try FeedImageDataMapper.map(data, from: response) == item.image.data)
            }
        }
    }

    @Test func photoDetails_mapToTheCoresFeedPhoto_withEveryRenditionURLServingItsBytes() async throws {
        let photo = try processedPhoto(width: 900, height: 600)
        let createdAt = Date(timeIntervalSince1970: 1_700_000_000)
        let (app, _) = try await makeSUT(items: [NewFeedItem(id: UUID(), description: nil, location: nil, photo: photo, createdAt: createdAt)])

        try await app.test(.router) { client in
            let (data, response) = try await get(FeedEndpoint.get().url(baseURL: baseURL), client: client)
            let image = try #require(try FeedItemsMapper.map(data, from: response).first)

            #expect(image.createdAt == createdAt)
            let mapped = try #require(image.photo)
            #expect((mapped.width, mapped.height) == (900, 600))
            #expect(mapped.averageColor == photo.averageColor)
            #expect(mapped.blurHash == photo.blurHash)
            #expect(mapped.urls[.regular] == image.url)
            #expect(Set(mapped.urls.keys) == Set(FeedImageSize.allCases))
            for size in FeedImageSize.allCases {
                let (bytes, imageResponse) = try await get(try #require(mapped.urls[size]), client: client)
                let rendition = try #require(Rendition(rawValue: size.rawValue))
                #expect(try FeedImageDataMapper.map(bytes, from: imageResponse) == photo.renditions[rendition]?.bytes)
            }
        }
    }

    @Test func comments_mapToImageCommentsNewestFirstThroughTheClientsEndpoint() async throws {
        let newest = makeComment("newest", createdAt: Date(timeIntervalSince1970: 1_589_973_899), username: "a username")
        let older = makeComment("older", createdAt: Date(timeIntervalSince1970: 1_589_898_233), username: "another username")
        let item = makeItem(1, comments: [older, newest])
        let (app, _) = try await makeSUT(items: [item])

        try await app.test(.router) { client in
            let (data, response) = try await get(ImageCommentsEndpoint.get(item.id).url(baseURL: baseURL), client: client)

            let comments = try ImageCommentsMapper.map(data, from: response)

            #expect(comments == [newest, older].map {
                EssentialFeed.ImageComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.username)
            })
        }
    }

    @Test func answersForWhatDoesNotExist_areToldByTheMappersAsNotFound() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            let unknownAfter = FeedEndpoint.get(after: FeedImage(id: UUID(), description: nil, location: nil, url: baseURL))
            let (feedData, feedResponse) = try await get(unknownAfter.url(baseURL: baseURL), client: client)
            let (commentsData, commentsResponse) = try await get(ImageCommentsEndpoint.get(UUID()).url(baseURL: baseURL), client: client)
            let (imageData, imageResponse) = try await get(
                URL(string: "\(testPublicURL)/essential-feed/v1/images/\(String(repeating: "0", count: 64)).png")!, client: client)

            #expect(throws: ResourceNotFoundError()) { try FeedItemsMapper.map(feedData, from: feedResponse) }
            #expect(throws: ResourceNotFoundError()) { try ImageCommentsMapper.map(commentsData, from: commentsResponse) }
            #expect(throws: ResourceNotFoundError()) { try FeedImageDataMapper.map(imageData, from: imageResponse) }
        }
    }

    @Test func theDemoNews_mapsThroughTheClientsEndpoints_everyItemKept_andEveryStoryOpens() async throws {
        let database = try await makeDatabase()
        let edition = try DemoNews.make(now: Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await database.news.addNewsIfEmpty(edition)
        let app = Application(responder: try buildResponder(repository: database.feed, news: database.news, publicURL: testPublicURL))

        try await app.test(.router) { client in
            let (data, response) = try await get(NewsEndpoint.list.url(baseURL: baseURL), client: client)
            let list = try NewsListMapper.map(data, from: response)
            #expect(list.title == DemoNews.title)
            #expect(list.items.count == edition.stories.count + edition.webLinks.count + edition.adverts.count)
            let stories = list.items.compactMap { item -> NewsStorySummary? in if case let .story(story) = item { story } else { nil } }
            #expect(stories.map(\.updatedAt) == stories.map(\.updatedAt).sorted(by: >))
            for summary in stories {
                let (data, response) = try await get(NewsEndpoint.story(summary.id).url(baseURL: baseURL), client: client)
                let story = try NewsStoryMapper.map(data, from: response)
                #expect(story.headline == summary.headline && story.heroImage == summary.image)
                #expect(story.contents.count >= 4)
            }
            let (missingData, missingResponse) = try await get(NewsEndpoint.story(UUID()).url(baseURL: baseURL), client: client)
            #expect(throws: ResourceNotFoundError()) { try NewsStoryMapper.map(missingData, from: missingResponse) }
        }
    }

    private func get(_ url: URL, client: some TestClientProtocol) async throws -> (Data, HTTPURLResponse) {
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(url.absoluteString.hasPrefix(testPublicURL), "\(url) is not on the server under test")
        let uri = components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let response = try await client.execute(uri: uri, method: .get)
        var headerFields: [String: String] = [:]
        for field in response.headers {
            headerFields[field.name.rawName] = field.value
        }
        let httpResponse = try #require(HTTPURLResponse(
            url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: headerFields))
        return (Data(buffer: response.body), httpResponse)
    }
}
