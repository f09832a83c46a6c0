import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RawHTTPClient
import Synchronization
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FeedAcceptanceTests {
    @Test func onLaunch_online_displaysTheRemoteFeedAndItsImages() async throws {
        let feed = [uniqueImage(), uniqueImage(description: nil, location: nil)]
        let app = try await makeApp(client: .online(api(feed: feed)))

        try await app.test(.live) { client in
            let screen = try await client.get("/")
            #expect(screen.status == .ok)
            #expect(screen.text.contains("<h1>My Feed</h1>"))

            let fragment = try await client.get("/fragments/feed")
            #expect(fragment.status == .ok)
            #expect(articleIDs(in: fragment.text) == feed.map(\.id.uuidString))

            let image = try await client.get("/feed-images/\(feed[0].id.uuidString)")
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/png")
            #expect(Data(buffer: image.body) == pngData)
        }
    }

    @Test func imagesTheAPIPointsElsewhere_areNeverFetched() async throws {
        let hostile = [
            "http://api.example.com:6379/essential-feed/v1/images/a.png", "http://169.254.169.254/latest/meta-data",
            "http+unix://%2Fvar%2Frun%2Fdocker.sock/info", "file:///etc/passwd", "https://api.example.com/essential-feed/v1/images/b.png"
        ].map { FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: $0)!) }
        let client = HTTPClientStub.online(api(feed: hostile))

        try await makeApp(client: client).test(.live) { client in
            _ = try await client.get("/fragments/feed")
            for image in hostile {
                #expect(try await client.get("/feed-images/\(image.id.uuidString)").status != .ok)
            }
        }
        #expect(
            client.requestedURLs.allSatisfy { $0.host() == "api.example.com" && $0.scheme == "http" && $0.port == nil },
            "\(client.requestedURLs)")
    }

    @Test func onLaunch_offline_displaysTheCachedFeedAndImages() async throws {
        let feed = [uniqueImage(), uniqueImage()]
        let store = InMemoryFeedStore()
        try await makeApp(client: .online(api(feed: feed)), store: store).test(.live) { client in
            _ = try await client.get("/fragments/feed")
            _ = try await client.get("/feed-images/\(feed[0].id.uuidString)")
        }

        let offline = HTTPClientStub.offline
        try await makeApp(client: offline, store: store).test(.live) { client in
            let fragment = try await client.get("/fragments/feed")
            #expect(fragment.status == .ok)
            #expect(articleIDs(in: fragment.text) == feed.map(\.id.uuidString))

            let image = try await client.get("/feed-images/\(feed[0].id.uuidString)")
            #expect(Data(buffer: image.body) == pngData)

            let uncachedImage = try await client.get("/feed-images/\(feed[1].id.uuidString)")
            #expect(uncachedImage.status == .badGateway)
        }
    }

    @Test func onLaunch_offlineWithoutCache_displaysTheErrorMessage() async throws {
        try await makeApp(client: .offline).test(.live) { client in
            let fragment = try await client.get("/fragments/feed")

            #expect(fragment.status == .badGateway)
            #expect(fragment.text == "<p data-fragment=\"error\" data-reason=\"unavailable\">Couldn&#39;t connect to server</p>\n")
        }
    }

    @Test func onLaunch_deletesAnExpiredCache() async throws {
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save([uniqueImage()])

        _ = try await makeApp(client: .offline, store: store)

        #expect(await store.retrieve() == nil)
    }

    @Test func onLaunch_keepsAValidCache() async throws {
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7, seconds: 1) }).save([uniqueImage()])

        _ = try await makeApp(client: .offline, store: store)

        #expect(await store.retrieve() != nil)
    }

    @Test func onShutdown_deletesACacheExpiredWhileRunning() async throws {
        let store = InMemoryFeedStore()
        let now = Mutex(fixedNow)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -6) }).save([uniqueImage()])
        let app = await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL),
            httpClient: HTTPClientStub.offline,
            store: store,
            currentDate: { now.withLock { $0 } }
        )

        try await app.test(.live) { _ in
            #expect(await store.retrieve() != nil)
            now.withLock { $0 = fixedNow.adding(days: 1) }
        }

        #expect(await store.retrieve() == nil)
    }

    @Test func onLaunch_offlineWithCache_saysTheFeedIsTheOneSavedAndSinceWhen() async throws {
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.addingTimeInterval(-3 * 3_600) }).save([uniqueImage()])

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let fragment = try await client.get("/fragments/feed", headers: [.acceptLanguage: "pt-BR"])

            #expect(fragment.status == .ok)
            #expect(fragment.text.contains("data-offline-notice=\"Sem conexão — mostrando o feed salvo há 3 horas\""))
        }
    }

    @Test func onLaunch_online_saysNothingAboutBeingOffline() async throws {
        try await makeApp(client: .online(api(feed: [uniqueImage()]))).test(.live) { client in
            let fragment = try await client.get("/fragments/feed")
            #expect(!fragment.text.contains("data-offline-notice"))
        }
    }

    @Test func commentsOfAnImageTheAPIDoesNotKnow_areNotFoundNotAnOutage() async throws {
        let client = HTTPClientStub.online { _ in (Data(#"{"title":"Not Found"}"#.utf8), 404) }
        try await makeApp(client: client).test(.live) { client in
            let fragment = try await client.get("/fragments/images/\(UUID().uuidString)/comments", headers: [.acceptLanguage: "el"])

            #expect(fragment.status == .notFound)
            #expect(fragment.text.contains("data-reason=\"not-found\""))
            #expect(fragment.text.contains("Αυτό δεν είναι πια διαθέσιμο"))
        }
    }

    @Test func loadMoreAfterAnItemTheAPIDoesNotKnow_isNotFoundNotAnOutage() async throws {
        let feed = [uniqueImage()]
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed + [uniqueImage()])
        try await makeApp(client: .online(api(feed: feed)), store: store).test(.live) { client in
            let unknownToTheAPI = try #require(await store.retrieve()?.feed.last?.id)

            let fragment = try await client.get("/fragments/feed?after=\(unknownToTheAPI.uuidString)&shown=2")

            #expect(fragment.status == .notFound)
            #expect(fragment.text.contains("This is no longer available"))
        }
    }

    @Test func twoTabs_aRefreshInOneNeverBreaksTheImagesOrLoadMoreOfTheOther() async throws {
        let olderItems = (0..<30).map { _ in uniqueImage() }
        let feed = Mutex(olderItems)
        let client = HTTPClientStub.online { url in
            let current = feed.withLock { $0 }
            return api(feed: current + olderItems.filter { old in !current.contains(old) })(url)
        }
        let store = InMemoryFeedStore()
        try await makeApp(client: client, store: store).test(.live) { client in
            let tabA = try await client.get("/fragments/feed")
            let tabAMore = try await client.get(try #require(firstValue(of: "data-next-page=\"", in: tabA.text)))
            #expect(articleIDs(in: tabAMore.text) == olderItems[10..<20].map(\.id.uuidString))

            let posted = uniqueImage()
            feed.withLock { $0.insert(posted, at: 0) }
            let tabB = try await client.get("/fragments/feed")
            #expect(articleIDs(in: tabB.text).first == posted.id.uuidString, "tab B sees the new top of the feed")

            for item in olderItems[10..<20] {
                #expect(try await client.get("/feed-images/\(item.id.uuidString)").status == .ok, "tab A keeps its images")
            }
            let tabAEvenMore = try await client.get(try #require(firstValue(of: "data-next-page=\"", in: tabAMore.text)))
            #expect(tabAEvenMore.status == .ok)
            #expect(articleIDs(in: tabAEvenMore.text) == olderItems[20..<30].map(\.id.uuidString))
            #expect(tabAEvenMore.text.contains("aria-posinset=\"21\""))
        }
    }

    @Test func twoTabsLoadingMoreAtOnce_bothGetTheNextPage() async throws {
        let feed = (0..<40).map { _ in uniqueImage() }
        try await makeApp(client: .online(api(feed: feed))).test(.live) { client in
            let first = try await client.get("/fragments/feed")
            let next = try #require(firstValue(of: "data-next-page=\"", in: first.text))

            try await withThrowingTaskGroup(of: (HTTPResponse.Status, [String]).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let page = try await client.get(next)
                        return (page.status, articleIDs(in: page.text))
                    }
                }
                for try await (status, ids) in group {
                    #expect(status == .ok)
                    #expect(ids == feed[10..<20].map(\.id.uuidString))
                }
            }
        }
    }

    @Test func onLoadMore_offline_deliversTheCachedPageAfterTheLastItemShown() async throws {
        let feed = (0..<25).map { _ in uniqueImage() }
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let more = try await client.get("/fragments/feed?after=\(feed[9].id.uuidString)&shown=10")

            #expect(more.status == .ok)
            #expect(articleIDs(in: more.text) == feed[10..<20].map(\.id.uuidString))
        }
    }

    @Test func onLoadMore_offline_displaysTheErrorAndKeepsTheCache() async throws {
        let feed = [uniqueImage()]
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(feed)

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let more = try await client.get("/fragments/feed?after=\(feed[0].id.uuidString)")

            #expect(more.status == .badGateway)
            #expect(more.text.contains("data-fragment=\"error\""))
        }
        #expect(await store.retrieve()?.feed.map(\.id) == feed.map(\.id))
    }

    @Test func concurrentRequests_allGetTheFeedAndItsImages() async throws {
        let feed = (0..<5).map { _ in uniqueImage() }
        try await makeApp(client: .online(api(feed: feed))).test(.live) { client in
            try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<20 {
                    group.addTask { articleIDs(in: try await client.get("/fragments/feed").text) }
                }
                for try await ids in group {
                    #expect(ids == feed.map(\.id.uuidString))
                }
            }
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for image in feed + feed {
                    group.addTask { try await client.get("/feed-images/\(image.id.uuidString)").status }
                }
                for try await status in group {
                    #expect(status == .ok)
                }
            }
        }
    }

    @Test func onImageSelection_displaysItsComments() async throws {
        let feed = [uniqueImage()]
        let app = try await makeApp(
            client: .online(
                api(
                    feed: feed,
                    comments: [
                        ("<b>first</b> & \"second\"", "a username", "2023-11-13T22:13:20+0000"),
                        ("another message", "another username", "2023-11-01T10:00:00+0000")
                    ])))

        try await app.test(.live) { client in
            let fragment = try await client.get("/fragments/feed")
            let commentsLink = try #require(firstValue(of: "class=\"feed-image-link\" href=\"", in: fragment.text))

            let screen = try await client.get(commentsLink)
            #expect(screen.status == .ok)
            #expect(screen.text.contains("<h1>Comments</h1>"))
            let commentsFragment = try #require(firstValue(of: "data-source=\"", in: screen.text))

            let comments = try await client.get(commentsFragment)
            #expect(comments.status == .ok)
            #expect(comments.text.contains("&lt;b&gt;first&lt;/b&gt; &amp; &quot;second&quot;"))
            #expect(comments.text.contains(">1 day ago</time>"))
            #expect(comments.text.occurrences(of: "<li class=\"comment\">") == 2)
        }
    }

    @Test func onLoadMore_appendsTheNextPageUntilTheEnd() async throws {
        let firstPage = [uniqueImage(), uniqueImage()]
        let secondPage = [uniqueImage()]
        let store = InMemoryFeedStore()
        let app = try await makeApp(client: .online(api(feed: firstPage + secondPage, pageSize: 2)), store: store)

        try await app.test(.live) { client in
            let first = try await client.get("/fragments/feed")
            let next = try #require(firstValue(of: "data-next-page=\"", in: first.text))

            let second = try await client.get(next)
            #expect(articleIDs(in: second.text) == secondPage.map(\.id.uuidString))
            #expect(second.text.contains("aria-posinset=\"3\""))

            let end = try await client.get(try #require(firstValue(of: "data-next-page=\"", in: second.text)))
            #expect(articleIDs(in: end.text).isEmpty)
            #expect(end.text.contains("data-end"))
        }
        #expect(await store.retrieve()?.feed.map(\.id) == (firstPage + secondPage).map(\.id))
    }

    @Test func feedImages_serveEachSizeTheAPIGave_andTheFeedsImageOtherwise() async throws {
        let id = UUID()
        let thumbURL = URL(string: "http://api.example.com/essential-feed/v1/images/\(id.uuidString)-thumb")!
        let photo = FeedImage(
            id: id, description: nil, location: nil, url: URL(string: "http://api.example.com/essential-feed/v1/images/\(id.uuidString)")!,
            photo: FeedPhoto(width: 800, height: 600, urls: [.thumb: thumbURL]))
        let thumbData = Data([0xFF, 0xD8, 0xFF]) + Data("thumb".utf8)
        let feedAPI = api(feed: [photo])
        let client = HTTPClientStub.online { url in url == thumbURL ? (thumbData, 200) : feedAPI(url) }

        try await makeApp(client: client).test(.live) { app in
            _ = try await app.get("/fragments/feed")

            let thumb = try await app.get("/feed-images/\(id.uuidString)?size=thumb")
            #expect(thumb.status == .ok)
            #expect(Data(buffer: thumb.body) == thumbData)
            let regular = try await app.get("/feed-images/\(id.uuidString)?size=regular")
            #expect(Data(buffer: regular.body) == pngData, "a size the API did not give: the feed's image")
            #expect(try await app.get("/feed-images/\(id.uuidString)?size=huge").status == .badRequest)
        }
    }

    @Test func feedImages_servesOnlyImagesOfTheFeed() async throws {
        let client = HTTPClientStub.online(api(feed: [uniqueImage()]))
        try await makeApp(client: client).test(.live) { app in
            _ = try await app.get("/fragments/feed")

            #expect(try await app.get("/feed-images/\(UUID().uuidString)").status == .notFound)
            #expect(try await app.get("/feed-images/not-a-uuid").status == .notFound)
        }
        #expect(client.requestedURLs.filter { !$0.path.hasSuffix("/v1/me/hidden") }.count == 1, "the feed's page alone")
    }

    @Test(arguments: ["/", "/fragments/feed", "/images/\(UUID().uuidString)/comments", "/assets/feed.js", "/assets/missing.js", "/feed-images/x"])
    func everyResponse_carriesTheContentSecurityPolicy(path: String) async throws {
        try await makeApp(client: .offline).test(.live) { client in
            let response = try await client.get(path)

            #expect(
                response.headers[.contentSecurityPolicy]
                    == "default-src 'self'; img-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func aRequestWithTwoHostFields_is400() async throws {
        try await makeApp(client: .offline).test(.live) { client in
            let connection = try await RawConnection.open(port: try #require(client.port))
            try await connection.send("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
            let response = try #require(await connection.responses(count: 1).first)
            #expect(response.status == 400)
            #expect(response.headers["x-content-type-options"] == "nosniff")
        }
    }

    @Test(arguments: [
        ("pt-BR,pt;q=0.9", "pt-BR", "Meu Feed", "Comentários"),
        ("el-GR,el;q=0.9", "el", "Το Feed μου", "Σχόλια"),
        ("fr-FR,fr;q=0.9", "en", "My Feed", "Comments")
    ])
    func screens_speakTheBrowsersLanguage(acceptLanguage: String, language: String, feedTitle: String, commentsTitle: String) async throws {
        try await makeApp(client: .offline).test(.live) { client in
            let headers: HTTPFields = [.acceptLanguage: acceptLanguage]
            let feed = try await client.get("/", headers: headers)
            let comments = try await client.get("/images/\(UUID().uuidString)/comments", headers: headers)

            #expect(feed.text.contains("<html lang=\"\(language)\" "))
            #expect(feed.text.contains("<h1>\(feedTitle)</h1>"))
            #expect(comments.text.contains("<h1>\(commentsTitle)</h1>"))
        }
    }

    @Test func favicon_isTheAppsOwnIcon() async throws {
        try await makeApp(client: .online(api(feed: []))).test(.live) { client in
            let favicon = try await client.get("/favicon.ico")
            let icon = try await client.get("/assets/icon.svg")

            #expect(favicon.status == .ok)
            #expect(favicon.headers[.contentType] == "image/svg+xml")
            #expect(favicon.body == icon.body)
        }
    }

    @Test func feedScreenWithItsFirstPage_weighsLessThan30KB() async throws {
        let feed = (0..<10).map { index in
            uniqueImage(description: String(repeating: "A fairly long description. ", count: 5), location: "Location \(index)")
        }
        try await makeApp(client: .online(api(feed: feed))).test(.live) { client in
            var total = 0
            for path in ["/", "/assets/app.css", "/assets/feed.js", "/assets/screen.js", "/assets/offline.js", "/assets/icon.svg"] {
                let response = try await client.get(path, headers: [.acceptEncoding: "gzip"])
                #expect(response.status == .ok, "\(path)")
                total += response.body.readableBytes
            }
            #expect(total < 30_000, "The feed screen weighs \(total) bytes compressed")
        }
    }

    @Test func onLaunch_withSQLiteStore_displaysTheCachedFeedOffline() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "app-cache-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let feed = [uniqueImage()]

        try await makeApp(client: .online(api(feed: feed)), store: GRDBFeedStore(path: path)).test(.live) { client in
            _ = try await client.get("/fragments/feed")
        }
        try await makeApp(client: .offline, store: GRDBFeedStore(path: path)).test(.live) { client in
            let fragment = try await client.get("/fragments/feed")
            #expect(articleIDs(in: fragment.text) == feed.map(\.id.uuidString))
        }
    }

    @Test(arguments: ["/fragments/feed", "/fragments/images/\(UUID().uuidString)/comments", "/images/\(UUID().uuidString)"])
    func requestAbandonedByTheBrowser_cancelsTheAPIRequest(path: String) async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }

        try await makeApp(client: client).test(.live) { app in
            let browser = TestClient(host: "127.0.0.1", port: try #require(app.port))
            browser.connect()
            let request = Task { try await browser.get(path, headers: signedIn) }
            await apiRequest.waitForPendingLoad()

            try await browser.shutdown()
            _ = await request.result

            #expect(await apiRequest.waitForCancellation())
            #expect(apiRequest.cancelledCount == 1)
            // A request still pending would keep the app from shutting down.
            if apiRequest.pendingCount > 0 {
                await apiRequest.complete(with: .failure(ConnectivityError()))
            }
        }
    }

    @Test func fullSizeAbandonedByTheBrowser_cancelsItsAPIRequest() async throws {
        let fullURL = URL(string: "\(apiBaseURL.absoluteString)/v1/images/full.jpg")!
        let image = FeedImage(
            id: UUID(), description: nil, location: nil, url: URL(string: "\(apiBaseURL.absoluteString)/v1/images/regular.jpg")!,
            photo: FeedPhoto(width: 4000, height: 3000, urls: [.full: fullURL]))
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([image])
        let apiRequest = LoaderSpy<Data>()
        let itemURL = apiBaseURL.appending(path: "v1/image/\(image.id.uuidString)")
        let client = HTTPClientStub { url in
            let data = url == itemURL ? itemJSON(image) : try await apiRequest.load()
            return (data, HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }

        try await makeApp(client: client, store: store).test(.live) { app in
            let browser = TestClient(host: "127.0.0.1", port: try #require(app.port))
            browser.connect()
            let request = Task { try await browser.get("/feed-images/\(image.id.uuidString)?size=full", headers: signedIn) }
            await apiRequest.waitForPendingLoad()
            #expect(client.requestedURLs == [itemURL, fullURL], "whether the reader may see it, then its bytes")

            try await browser.shutdown()
            _ = await request.result

            #expect(await apiRequest.waitForCancellation())
            if apiRequest.pendingCount > 0 {
                await apiRequest.complete(with: .failure(ConnectivityError()))
            }
        }
    }

    /// Both ends at once: the connection keeps serving the browser request after request,
    /// and when the browser gives up on one, the API request behind it is cancelled.
    @Test func browserGivingUpOnARequest_cancelsItsAPIRequest_onAConnectionThatServedOthers() async throws {
        let feed = [uniqueImage()]
        let commentsRequest = LoaderSpy<Data>()
        let serveFeed = api(feed: feed)
        let client = HTTPClientStub { url in
            guard url.path.hasSuffix("/comments") else {
                let (data, status) = serveFeed(url)
                return (data, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
            }
            return (try await commentsRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }

        try await makeApp(client: client).test(.live) { app in
            let browser = TestClient(host: "127.0.0.1", port: try #require(app.port))
            browser.connect()
            let fragment = try await browser.get("/fragments/feed", headers: signedIn)
            let image = try await browser.get("/feed-images/\(feed[0].id.uuidString)", headers: signedIn)
            #expect(fragment.status == .ok && image.status == .ok)
            #expect(fragment.headers[.connection] == nil && image.headers[.connection] == nil)
            #expect(try await browser.getChannel().isActive, "one connection served both")

            let abandoned = Task { try await browser.get("/fragments/images/\(feed[0].id.uuidString)/comments", headers: signedIn) }
            await commentsRequest.waitForPendingLoad()
            try await browser.shutdown()
            _ = await abandoned.result

            #expect(await commentsRequest.waitForCancellation())
            #expect(commentsRequest.cancelledCount == 1)
        }
    }

    @Test(arguments: ["/fragments/feed", "/feed-images/\(UUID().uuidString)", "/"])
    func requestWithABody_isRefusedUnreadAndTheAppKeepsAnswering(path: String) async throws {
        try await makeApp(client: .online(api(feed: [uniqueImage()]))).test(.live) { app in
            let port = try #require(app.port)
            let refused = try await TestClient.withClient(host: "127.0.0.1", port: port) { browser in
                try await browser.execute(
                    .init(
                        path, method: .get, authority: "127.0.0.1", body: ByteBuffer(repeating: UInt8(ascii: "x"), count: 40_000)))
            }
            #expect(refused.status == .contentTooLarge)
            #expect(refused.headers[.connection] == "close")

            #expect(try await app.get("/fragments/feed").status == .ok)
        }
    }

    @Test(arguments: [
        "/fragments/feed?after=\(UUID().uuidString)%00junk",
        "/fragments/feed?after=\(UUID().uuidString)%20",
        "/fragments/feed?after=\(UUID().uuidString)&after=\(UUID().uuidString)"
    ])
    func feedFragment_refusesAnAfterParameterThatIsNotExactlyOneID(path: String) async throws {
        try await makeApp(client: .online(api(feed: [uniqueImage()]))).test(.live) { app in
            let response = try await app.get(path)
            #expect(response.status == .badRequest)
        }
    }

    @Test(arguments: ["/feed-images/\(UUID().uuidString)%00", "/images/\(UUID().uuidString)%00/comments"])
    func imageRoutes_refuseAnIDWithAnythingAfterIt(path: String) async throws {
        try await makeApp(client: .online(api(feed: [uniqueImage()]))).test(.live) { app in
            let response = try await app.get(path)
            #expect(response.status == .notFound)
        }
    }

    @Test func longAcceptLanguage_isReadUpToItsFirstTags() async throws {
        let manyTags = Array(repeating: "fr-FR;q=0.9", count: 500).joined(separator: ",") + ",el"

        try await makeApp(client: .offline).test(.live) { app in
            let screen = try await app.get("/", headers: [.acceptLanguage: manyTags])

            #expect(screen.text.hasPrefix("<!doctype html>"))
            #expect(screen.text.contains("lang=\"en\""))
        }
    }

    @Test func requestHeadOverItsSizeLimit_isRefused() async throws {
        let hugeHeader = String(repeating: "fr-FR,", count: 15_000)

        try await makeApp(client: .offline).test(.live) { app in
            let response = try await app.get("/", headers: [.acceptLanguage: hugeHeader])
            #expect(response.status == .badRequest)
        }
    }

    // MARK: - A photo's own screen

    @Test func photoScreen_showsThePhotoWithItsDetailsAndNeighbours_fromTheAPI() async throws {
        let photo = FeedPhoto(
            width: 3000, height: 2000,
            urls: [
                .small: URL(string: "\(apiBaseURL.absoluteString)/v1/images/s.png")!,
                .full: URL(string: "\(apiBaseURL.absoluteString)/v1/images/f.png")!
            ])
        let feed = [uniqueImage(), uniqueImage(), uniqueImage()]
        let shown = FeedImage(
            id: feed[1].id, description: "Roofs", location: "Porto", url: feed[1].url, alternativeText: "Red roofs at dusk",
            commentCount: 2, photo: photo)
        let feedAPI = api(feed: feed)
        let client = HTTPClientStub.online { url in
            url.path.hasSuffix("/v1/image/\(shown.id.uuidString)") ? (itemJSON(shown), 200) : feedAPI(url)
        }

        try await makeApp(client: client).test(.live) { client in
            _ = try await client.get("/fragments/feed")
            let screen = try await client.get("/images/\(shown.id.uuidString)")

            #expect(screen.status == .ok)
            #expect(screen.text.contains("<h1>Photo</h1>"))
            #expect(screen.text.contains(#"alt="Red roofs at dusk""#))
            #expect(screen.text.contains(#"data-full="/feed-images/\#(shown.id.uuidString)?size=full""#))
            #expect(screen.text.contains(#"data-ratio="1.5000""#))
            #expect(screen.text.contains("3,000 × 2,000 pixels"))
            #expect(screen.text.contains(#"data-previous="/images/\#(feed[0].id.uuidString)""#))
            #expect(screen.text.contains(#"data-next="/images/\#(feed[2].id.uuidString)""#))
            #expect(screen.text.contains(#"href="/images/\#(shown.id.uuidString)/comments"><span aria-hidden="true">💬</span> 2 comments"#))
        }
    }

    @Test func photoScreen_offline_opensAPhotoTheAppHasCached_andSaysSoOfOneItHasNot() async throws {
        let feed = [uniqueImage(), uniqueImage()]
        let store = InMemoryFeedStore()
        try await makeApp(client: .online(api(feed: feed)), store: store).test(.live) { client in
            _ = try await client.get("/fragments/feed")
        }

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let cached = try await client.get("/images/\(feed[0].id.uuidString)")
            #expect(cached.status == .ok)
            #expect(cached.text.contains("data-role=\"offline-notice\""))
            #expect(!cached.text.contains("data-role=\"offline-notice\" hidden"))

            let unknown = try await client.get("/images/\(UUID().uuidString)")
            #expect(unknown.status == .badGateway)
            #expect(unknown.text.contains("This photo was not saved for offline viewing."))
        }
    }

    @Test func photoScreen_ofAPhotoTheAPIDoesNotHave_isNotFound() async throws {
        try await makeApp(client: .online(api(feed: [uniqueImage()]))).test(.live) { client in
            let screen = try await client.get("/images/\(UUID().uuidString)")
            #expect(screen.status == .notFound)
            #expect(try await client.get("/images/not-a-photo").status == .notFound)
        }
    }

    // MARK: - The random photo over the feed

    @Test func feedScreen_showsAPhotoItHoldsOverTheFeed_askingTheAPINothing_andRefreshAsksTheAPIOnce() async throws {
        let feed = [uniqueImage(), uniqueImage()]
        let chosen = FeedImage(
            id: UUID(), description: nil, location: nil, url: URL(string: "\(apiBaseURL.absoluteString)/v1/images/chosen.png")!,
            photo: FeedPhoto(width: 1200, height: 800, urls: [.regular: URL(string: "\(apiBaseURL.absoluteString)/v1/images/chosen-regular.png")!]))
        let feedAPI = api(feed: feed)
        let client = HTTPClientStub.online { url in
            if url.path.hasSuffix("/v1/images/random") { return (itemJSON(chosen), 200) }
            if url.lastPathComponent == "chosen-regular.png" { return (pngData, 200) }
            if url.path.hasSuffix("/v1/image/\(chosen.id.uuidString)") { return (itemJSON(chosen), 200) }
            return feedAPI(url)
        }
        let randomRequests: @Sendable () -> Int = { client.requestedURLs.filter { $0.path.hasSuffix("/v1/images/random") }.count }

        try await makeApp(client: client).test(.live) { client in
            for _ in 1...3 {
                let screen = try await client.get("/")
                #expect(screen.status == .ok)
                let bannerID = try #require(firstValue(of: #"<a class="feed-banner" href="/images/"#, in: screen.text))
                #expect(feed.map(\.id.uuidString).contains(bannerID), "one of the photos on the screen")
                #expect(screen.text.contains("Essential Feed</span>"))
            }
            #expect(randomRequests() == 0, "a screen view asks the API for no random photo")

            let refreshed = try await client.get("/fragments/feed-banner")
            #expect(refreshed.status == .ok)
            #expect(refreshed.text.hasPrefix(#"<div data-fragment="banner"><a class="feed-banner" href="/images/\#(chosen.id.uuidString)""#))
            #expect(randomRequests() == 1, "a refresh asks the API once")

            let image = try await client.get("/feed-images/\(chosen.id.uuidString)?size=regular")
            #expect(image.status == .ok)

            let later = try await client.get("/")
            let laterID = try #require(firstValue(of: #"<a class="feed-banner" href="/images/"#, in: later.text))
            #expect((feed.map(\.id) + [chosen.id]).map(\.uuidString).contains(laterID), "the API's choice joins what the app holds")
            #expect(randomRequests() == 1)
        }
    }

    @Test func banner_whenTheAPIGivesNoRandomPhoto_isOneTheAppHolds_andWithoutAnyNone() async throws {
        let feed = [uniqueImage(), uniqueImage()]
        let feedAPI = api(feed: feed)
        let failingRandom = HTTPClientStub.online { url in
            url.path.hasSuffix("/v1/images/random") ? (Data("oops".utf8), 500) : feedAPI(url)
        }

        try await makeApp(client: failingRandom).test(.live) { client in
            let screen = try await client.get("/")
            #expect(screen.status == .ok)
            #expect(articleIDs(in: screen.text) == feed.map(\.id.uuidString))
            let refreshed = try await client.get("/fragments/feed-banner")
            #expect(refreshed.status == .ok)
            let refreshedID = try #require(firstValue(of: #"<a class="feed-banner" href="/images/"#, in: refreshed.text))
            #expect(feed.map(\.id.uuidString).contains(refreshedID), "a photo of the cached feed")
        }

        let emptyAPI = api(feed: [])
        let nothingToShow = HTTPClientStub.online { url in
            url.path.hasSuffix("/v1/images/random") ? (Data("oops".utf8), 500) : emptyAPI(url)
        }
        try await makeApp(client: nothingToShow).test(.live) { client in
            let screen = try await client.get("/")
            #expect(screen.status == .ok)
            #expect(!screen.text.contains("class=\"feed-banner\""))
            #expect(screen.text.contains(#"<div class="feed-banner-slot" data-role="banner" data-source="/fragments/feed-banner"></div>"#))
            #expect(try await client.get("/fragments/feed-banner").text == "<div data-fragment=\"banner\"></div>\n")
        }
    }

    @Test func banner_withTheAPIDown_isAPhotoOfTheCachedFeed_neverAnError() async throws {
        let feed = [uniqueImage(), uniqueImage()]
        let store = InMemoryFeedStore()
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.addingTimeInterval(-60) }).save(feed)

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let screen = try await client.get("/")
            let bannerID = try #require(firstValue(of: #"<a class="feed-banner" href="/images/"#, in: screen.text))
            #expect(feed.map(\.id.uuidString).contains(bannerID))

            let refreshed = try await client.get("/fragments/feed-banner")
            #expect(refreshed.status == .ok)
            let refreshedID = try #require(firstValue(of: #"<a class="feed-banner" href="/images/"#, in: refreshed.text))
            #expect(feed.map(\.id.uuidString).contains(refreshedID))
        }
    }

    // MARK: - Kept on the person's device

    @Test func contentTheAPIJustGave_isMarkedForTheDeviceToKeep() async throws {
        let feed = [uniqueImage()]
        try await makeApp(client: .online(api(feed: feed))).test(.live) { client in
            for path in ["/", "/fragments/feed", "/feed-images/\(feed[0].id.uuidString)", "/new", "/offline"] {
                let response = try await client.get(path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[keepField] == "fresh", "\(path)")
            }
        }
    }

    @Test func theAppsOwnCacheStandingIn_isMarkedWithWhenItWasSaved() async throws {
        let store = InMemoryFeedStore()
        let savedAt = fixedNow.addingTimeInterval(-3 * 3_600)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save([uniqueImage()])

        try await makeApp(client: .offline, store: store).test(.live) { client in
            let fragment = try await client.get("/fragments/feed")

            #expect(fragment.status == .ok)
            #expect(fragment.headers[keepField] == "saved=\(Int64(savedAt.timeIntervalSince1970 * 1_000))")
        }
    }

    @Test func errorsAndTheLogInScreen_areNeverKeptOnTheDevice() async throws {
        try await makeApp(client: .offline).test(.live) { client in
            let failed = try await client.get("/fragments/feed")
            let logIn = try await client.get("/login", headers: [.cookie: ""])

            #expect(failed.status == .badGateway)
            #expect(failed.headers[keepField] == nil)
            #expect(logIn.headers[keepField] == nil)
            #expect(!logIn.text.contains("data-service-worker"), "nothing is kept for the log-in screen")
            #expect(logIn.text.contains("<link rel=\"manifest\""))
        }
    }

    @Test func aLoggedInPersonsScreens_nameTheServiceWorker_whichLooksAfterTheWholeApp() async throws {
        try await makeApp(client: .online(api(feed: []))).test(.live) { client in
            let screen = try await client.get("/")
            let workerPath = try #require(firstValue(of: "data-service-worker=\"", in: screen.text))
            let worker = try await client.get(workerPath)
            let manifestPath = try #require(firstValue(of: "<link rel=\"manifest\" href=\"", in: screen.text))
            let manifest = try await client.get(manifestPath)

            #expect(screen.text.contains("data-offline-texts=\""))
            #expect(worker.status == .ok)
            #expect(worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/")
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(manifest.status == .ok)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let icons = try #require(try JSONSerialization.jsonObject(with: Data(buffer: manifest.body)) as? [String: Any])["icons"] as? [[String: String]]
            for icon in try #require(icons) {
                let drawn = try await client.get(try #require(icon["src"]))
                #expect(drawn.status == .ok, "\(icon)")
            }
            #expect(icons?.contains { $0["sizes"] == "512x512" && $0["purpose"] == "maskable" && $0["type"] == "image/png" } == true)
        }
    }

    @Test func aSessionTheAppRefuses_clearsWhatTheBrowserKeptOfIt() async throws {
        try await makeApp(client: .online(api(feed: []))).test(.live) { client in
            let refused = try await client.get("/", headers: [.cookie: "ef_session=made-up"])

            #expect(refused.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\", \"storage\"")
        }
    }

    // MARK: - Helpers

    /// The app with a session the requests of `get` carry: these tests are about a person logged in.
    private func makeApp(client: HTTPClientStub, store: any AppCacheStore = InMemoryFeedStore()) async throws -> some ApplicationProtocol {
        await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL),
            httpClient: client,
            store: store,
            sessionStore: try await SignedInTestSession.shared.store(validAfter: fixedNow),
            currentDate: { fixedNow }
        )
    }

    /// The API as the seeds specify it: a paged feed, image data at each image's URL, comments.
    private func api(
        feed: [FeedImage],
        pageSize: Int = 10,
        comments: [(message: String, username: String, createdAt: String)] = []
    ) -> @Sendable (URL) -> (Data, Int) {
        let comments = commentsJSON(comments)
        return { url in
            if feed.contains(where: { $0.url == url }) { return (pngData, 200) }
            if url.path.hasSuffix("/comments") { return (comments, 200) }
            if let item = feed.first(where: { url.path == "/essential-feed/v1/image/\($0.id.uuidString)" }) { return (itemJSON(item), 200) }
            guard url.path == "/essential-feed/v1/feed" else { return (Data(), 404) }
            let afterID = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "after_id" }?.value
            var start = 0
            if let afterID {
                guard let index = feed.firstIndex(where: { $0.id.uuidString == afterID }) else { return (Data(), 404) }
                start = index + 1
            }
            return (feedJSON(Array(feed[start...].prefix(pageSize))), 200)
        }
    }

    /// The feed's posts, in order (the banner's photo is no post).
    private func articleIDs(in html: String) -> [String] {
        html.components(separatedBy: "<article class=\"feed-item\"").dropFirst().compactMap { article in
            article.range(of: "data-image-id=\"").map { String(article[$0.upperBound...].prefix(36)) }
        }
    }

    private func firstValue(of prefix: String, in html: String) -> String? {
        guard let start = html.range(of: prefix)?.upperBound, let end = html[start...].firstIndex(of: "\"") else { return nil }
        return String(html[start..<end]).replacing("&amp;", with: "&")
    }
}

/// Every request here goes over a connection of its own, as from a new browser tab.
private struct AppResponse {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer

    var text: String {
        String(buffer: body)
    }
}

private let keepField = HTTPField.Name("Essential-Feed-Keep")!

/// The `Cookie` field of the session `makeApp` holds, and the `Host` field HTTP/1.1 asks for
/// (Hummingbird's test client sends none of its own).
private let signedIn: HTTPFields = [.cookie: SignedInTestSession.shared.cookie, HTTPField.Name("Host")!: "127.0.0.1"]

private extension TestClientProtocol {
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> AppResponse {
        let port = try #require(port)
        var withSession = headers
        withSession[.cookie] = headers[.cookie] ?? SignedInTestSession.shared.cookie
        let headers = withSession
        return try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let response = try await client.execute(.init(path, method: .get, authority: "127.0.0.1", headers: headers))
            return AppResponse(status: response.status, headers: response.head.headerFields, body: response.body ?? ByteBuffer())
        }
    }
}
