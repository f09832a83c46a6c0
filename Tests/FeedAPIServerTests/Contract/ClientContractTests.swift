import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MediaPipeline
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
            #expect(
                loaded.map(\.url.absoluteString)
                    == items.map {
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

            #expect(
                comments
                    == [newest, older].map {
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

    @Test func logInPostingAndLogOut_goThroughTheClientsEndpointsAndMappers() async throws {
        let database = try await makeDatabase(items: [makeItem(1)])
        let hasher = PasswordHasher(cost: 4)
        _ = try await database.accounts.createAccount(
            username: try #require(Username("maria.silva")), name: "Maria Silva",
            passwordHash: try await hasher.hash("correct horse battery"), createdAt: Date())
        let imageID = try #require(try await database.feed.feedPage(after: nil, limit: 1).first?.id)
        let app = Application(
            responder: try buildResponder(
                repository: database.feed, accounts: database.accounts, publicURL: testPublicURL, hasher: hasher))

        try await app.test(.router) { client in
            let wrong = try await send(try SessionEndpoint.logIn(username: "maria.silva", password: "not it").request(baseURL: baseURL), client: client)
            #expect(throws: SessionMapper.Error.invalidCredentials) { try SessionMapper.map(wrong.0, from: wrong.1) }

            let logIn = try await send(try SessionEndpoint.logIn(username: "Maria.Silva", password: "correct horse battery").request(baseURL: baseURL), client: client)
            let session = try SessionMapper.map(logIn.0, from: logIn.1)
            #expect(session.user.username == "maria.silva" && session.user.name == "Maria Silva")
            let authorized = { (request: URLRequest) -> URLRequest in
                var request = request
                request.setValue("Bearer \(session.token)", forHTTPHeaderField: "Authorization")
                return request
            }

            let me = try await send(authorized(CurrentUserEndpoint.get.request(baseURL: baseURL)), client: client)
            #expect(try UserMapper.map(me.0, from: me.1) == session.user)

            let posting = try await send(
                authorized(try ImageCommentPostingEndpoint.post(message: "  Hello  ", imageID: imageID).request(baseURL: baseURL)), client: client)
            let comment = try PostedImageCommentMapper.map(posting.0, from: posting.1)
            #expect(comment.message == "Hello" && comment.username == "maria.silva")

            let photo = NewFeedImage(data: try photoFile(width: 300, height: 200), description: "A bay", location: "Lisbon", alternativeText: "Boats")
            let upload = try await send(authorized(FeedImagePostingEndpoint.post(photo).request(baseURL: baseURL)), client: client)
            let posted = try PostedFeedImageMapper.map(upload.0, from: upload.1)
            #expect(posted.description == "A bay" && posted.location == "Lisbon" && posted.alternativeText == "Boats")
            let (feedData, feedResponse) = try await get(FeedEndpoint.get().url(baseURL: baseURL), client: client)
            #expect(try FeedItemsMapper.map(feedData, from: feedResponse).first?.id == posted.id)

            let logOut = try await send(authorized(SessionEndpoint.logOut.request(baseURL: baseURL)), client: client)
            try LogOutMapper.map(logOut.0, from: logOut.1)
            let afterwards = try await send(
                authorized(try ImageCommentPostingEndpoint.post(message: "Again", imageID: imageID).request(baseURL: baseURL)), client: client)
            #expect(throws: PostedImageCommentMapper.Error.authenticationRequired) { try PostedImageCommentMapper.map(afterwards.0, from: afterwards.1) }
        }
    }

    private func get(_ url: URL, client: some TestClientProtocol) async throws -> (Data, HTTPURLResponse) {
        try await send(URLRequest(url: url), client: client)
    }

    /// The request as the app's HTTP client would send it, and the answer as it would read it.
    private func send(_ request: URLRequest, client: some TestClientProtocol) async throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(url.absoluteString.hasPrefix(testPublicURL), "\(url) is not on the server under test")
        let uri = components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        var headers = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let fieldName = HTTPField.Name(name) { headers[fieldName] = value }
        }
        let response = try await client.execute(
            uri: uri, method: HTTPRequest.Method(request.httpMethod ?? "GET") ?? .get, headers: headers,
            body: request.httpBody.map { ByteBuffer(bytes: $0) })
        var headerFields: [String: String] = [:]
        for field in response.headers {
            headerFields[field.name.rawName] = field.value
        }
        let httpResponse = try #require(
            HTTPURLResponse(
                url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: headerFields))
        return (Data(buffer: response.body), httpResponse)
    }
}
