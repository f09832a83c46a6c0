import EssentialApp
import EssentialFeed
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct NewsAcceptanceTests {
    private let session = SignedInTestSession.shared

    @Test func screens_sendABrowserWithoutSessionToLogIn() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let list = try await client.execute(uri: "/news", method: .get)
            let story = try await client.execute(uri: NewsAPI.storyPath(NewsAPI.storyID), method: .get)

            #expect(list.status == .seeOther)
            #expect(list.headers[.location] == "/login?next=/news")
            #expect(story.status == .seeOther)
        }
    }

    @Test func newsScreen_featuresTheFirstStory_andEveryRowLeadsWhereItShould() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let response = try await get("/news", client)
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(html.contains("<title>Cat News</title>"))
            #expect(html.contains(#"<a class="app-nav-link" href="/news" aria-current="page">News</a>"#))
            let featured = try #require(html.range(of: #"<article class="news-card news-card-featured" data-item-id="\#(NewsAPI.storyID.uuidString)">"#))
            #expect(html.contains(#"<a class="news-link" href="/news/stories/\#(NewsAPI.storyID.uuidString)">Mayor Marmalade</a>"#))
            #expect(html.contains(#"<p class="news-teaser">Won by a landslide</p>"#))
            #expect(html.contains("Updated 7 minutes ago"))
            let story = try #require(html.range(of: #"href="/news/stories/\#(NewsAPI.secondStoryID.uuidString)">Library cat</a>"#))
            #expect(featured.lowerBound < story.lowerBound)
            #expect(
                html.contains(
                    #"<a class="news-link" href="https://example.org/tails" target="_blank" rel="noopener noreferrer">Reading tails <span class="news-new-tab">(opens in a new tab)</span></a>"#))
            #expect(
                html.contains(
                    #"<a class="news-link" href="https://whiskers.example/beds" target="_blank" rel="sponsored noopener">Advert by Whisker &amp; Co. <span class="news-new-tab">(opens in a new tab)</span></a>"#
                ))
            #expect(html.contains(#"<p class="news-sponsored">Sponsored</p>"#))
            #expect(html.occurrences(of: #"<h3 class="news-headline">"#) == 3, "the featured story, the other story and the link")
        }
    }

    @Test func newsImages_holdTheirPlaceWithAPlaceholder_andComeInTheSizesTheAPIGives() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let html = String(buffer: try await get("/news", client).body)

            let small = "/news-images/\(NewsAPI.imageName("small"))"
            let regular = "/news-images/\(NewsAPI.imageName("regular"))"
            #expect(
                html.contains(
                    ##"<div class="news-image-frame is-cropped" data-blurhash="LEHV6nWB2yk8pyo0adR*.7kCMdnj" data-color="#aa7744"><img class="news-image" src="\##(regular)" srcset="\##(small) 400w, \##(regular) 1080w" sizes="(min-width: 40em) 38rem, 100vw" width="1600" height="900" alt="A ginger cat in a sash" fetchpriority="high" decoding="async"></div>"##
                ))
            #expect(!html.contains("api.example.com"), "every image comes through the app")
        }
    }

    @Test func newsScreen_withOneBrokenItem_showsAllTheOthers() async throws {
        try await makeApp(client: .online(NewsAPI(breaksSecondStory: true).respond)).test(.router) { client in
            let html = String(buffer: try await get("/news", client).body)

            #expect(html.contains("Mayor Marmalade"))
            #expect(!html.contains("Library cat"))
            #expect(html.contains("Reading tails"))
            #expect(html.contains("Advert by Whisker"))
        }
    }

    @Test func offline_newsScreenShowsTheCachedNews_sayingSinceWhen_andTheFragmentToo() async throws {
        let store = InMemoryFeedStore()
        try await makeApp(client: .online(NewsAPI().respond), store: store).test(.router) { client in
            _ = try await get("/news", client)
        }

        try await makeApp(client: .offline, store: store, now: fixedNow.addingTimeInterval(2 * 3_600)).test(.router) { client in
            let screen = try await get("/news", client)
            let fragment = try await get("/fragments/news", client)
            let html = String(buffer: screen.body)

            #expect(screen.status == .ok)
            #expect(html.contains("Mayor Marmalade"))
            #expect(html.contains(#"<p data-role="offline-message">Offline — showing the news saved 2 hours ago</p>"#))
            #expect(html.contains("Updated 2 hours ago"), "dates are told from now, not from when they were saved")
            #expect(String(buffer: fragment.body).hasPrefix(#"<div data-fragment="news" data-offline-notice="Offline — showing the news saved 2 hours ago">"#))
        }
    }

    @Test func offline_withoutCachedNews_showsTheErrorWithRetry() async throws {
        try await makeApp(client: .offline).test(.router) { client in
            let response = try await get("/news", client)
            let html = String(buffer: response.body)

            #expect(response.status == .badGateway)
            #expect(html.contains(#"<p data-role="error-message">Couldn&#39;t connect to server</p>"#))
            #expect(html.contains(#"<a class="banner-action" data-action="retry" href="/news">Retry</a>"#))
        }
    }

    @Test func storyScreen_showsTheStoryInReadingOrder_withAltTextEmptyOnlyWhereDecorative() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let response = try await get(NewsAPI.storyPath(NewsAPI.storyID), client, language: "es")
            let html = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(html.contains("<title>Mayor Marmalade</title>"))
            #expect(html.contains(#"<a class="back-link" data-action="back" href="/news">"#))
            #expect(html.contains(#"<h1 class="story-headline">Mayor Marmalade</h1>"#))
            #expect(html.contains("Publicado el 14 de noviembre de 2023"))
            #expect(html.contains("Actualizado hace 7 minutos"))
            let hero = try #require(html.range(of: #"alt="A ginger cat in a sash""#))
            let first = try #require(html.range(of: #"<p class="story-paragraph">The town voted.</p>"#))
            let decorative = try #require(html.range(of: #"alt="""#))
            let last = try #require(html.range(of: #"<p class="story-paragraph">Naps &amp; speeches.</p>"#))
            #expect(hero.lowerBound < first.lowerBound && first.lowerBound < decorative.lowerBound && decorative.lowerBound < last.lowerBound)
            #expect(html.occurrences(of: #"alt="""#) == 1)
        }
    }

    @Test func offline_storyOpenedBefore_readsFromTheCache_andOneNeverOpenedSaysSo() async throws {
        let store = InMemoryFeedStore()
        try await makeApp(client: .online(NewsAPI().respond), store: store).test(.router) { client in
            _ = try await get(NewsAPI.storyPath(NewsAPI.storyID), client)
        }

        try await makeApp(client: .offline, store: store, now: fixedNow.addingTimeInterval(3 * 86_400)).test(.router) { client in
            let opened = try await get(NewsAPI.storyPath(NewsAPI.storyID), client)
            let neverOpened = try await get(NewsAPI.storyPath(NewsAPI.secondStoryID), client)
            let fragment = try await get("/fragments/news/stories/\(NewsAPI.secondStoryID.uuidString)", client)

            #expect(opened.status == .ok)
            #expect(String(buffer: opened.body).contains("Offline — showing this story as saved 3 days ago"))
            #expect(String(buffer: opened.body).contains("The town voted."))
            #expect(neverOpened.status == .badGateway)
            #expect(String(buffer: neverOpened.body).contains("You&#39;re offline, and this story was not saved for reading offline."))
            #expect(String(buffer: fragment.body).contains(#"data-fragment="error""#))
        }
    }

    @Test func unknownStory_isNotFound_andNeverAnOlderCopy() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let unknown = try await get(NewsAPI.storyPath(UUID()), client)
            let malformed = try await get("/news/stories/not-an-id", client)

            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body).contains("This is no longer available"))
            #expect(malformed.status == .notFound)
        }
    }

    @Test func newsImages_comeFromTheAPIOnce_thenFromTheCache_andOnlyTheAPIsImageNamesAreAsked() async throws {
        let client = HTTPClientStub.online(NewsAPI().respond)
        try await makeApp(client: client).test(.router) { router in
            let name = NewsAPI.imageName("small")

            let first = try await get("/news-images/\(name)", router)
            let second = try await get("/news-images/\(name)", router)
            let foreign = try await get("/news-images/..%2Fsecret.jpg", router)
            let notHex = try await get("/news-images/\(String(repeating: "z", count: 64)).jpg", router)

            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/png")
            #expect(first.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(second.status == .ok)
            #expect(client.requestedURLs.filter { $0.lastPathComponent == name }.count == 1)
            #expect(foreign.status == .notFound)
            #expect(notHex.status == .notFound)
            #expect(client.requestedURLs.allSatisfy { $0.path.hasPrefix("/essential-feed/v1/") })
        }
    }

    @Test func everyScreen_leadsToTheFeedAndTheNews() async throws {
        try await makeApp(client: .online(NewsAPI().respond)).test(.router) { client in
            let feed = String(buffer: try await get("/", client).body)

            #expect(feed.contains(#"<a class="app-nav-link" href="/" aria-current="page">Feed</a>"#))
            #expect(feed.contains(#"<a class="app-nav-link" href="/news">News</a>"#))
        }
    }

    // MARK: - Helpers

    private func get(_ path: String, _ client: some TestClientProtocol, language: String = "en") async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: [.cookie: session.cookie, .acceptLanguage: language])
    }

    private func makeApp(
        client: HTTPClientStub, store: any AppCacheStore = InMemoryFeedStore(), now: Date = fixedNow
    ) async throws -> some ApplicationProtocol {
        await AppServer.buildApplication(
            .init(port: 0, apiBaseURL: apiBaseURL),
            httpClient: client,
            store: store,
            sessionStore: try await session.store(validAfter: now),
            currentDate: { now }
        )
    }
}

/// The news API as the issue specifies it: a list with a story, a second story, a web link
/// and an advert; each story with its paragraphs and images; images named by their content.
private struct NewsAPI: Sendable {
    static let storyID = UUID(uuidString: "11111111-1111-1111-1111-111111111111")!
    static let secondStoryID = UUID(uuidString: "22222222-2222-2222-2222-222222222222")!
    static let linkID = UUID()
    static let advertID = UUID()

    var breaksSecondStory = false

    static func storyPath(_ id: UUID) -> String {
        "/news/stories/\(id.uuidString)"
    }

    static func imageName(_ size: String) -> String {
        String(repeating: size == "small" ? "a" : size == "regular" ? "b" : "c", count: 64) + ".png"
    }

    private static func imageURL(_ size: String) -> String {
        "http://api.example.com/essential-feed/v1/images/\(imageName(size))"
    }

    private static func image(alt: String) -> [String: Any] {
        [
            "url": imageURL("regular"), "alt": alt, "width": 1600, "height": 900,
            "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "color": "#aa7744",
            "urls": ["small": imageURL("small"), "regular": imageURL("regular")]
        ]
    }

    private static func date(minutesAgo minutes: Double) -> String {
        fixedNow.addingTimeInterval(-minutes * 60).formatted(.iso8601)
    }

    private var list: Data {
        var second: [String: Any] = [
            "type": "story", "id": Self.secondStoryID.uuidString, "headline": "Library cat", "teaser": "Ten years",
            "image": Self.image(alt: "Dewey"), "created_at": Self.date(minutesAgo: 600), "updated_at": Self.date(minutesAgo: 38)
        ]
        if breaksSecondStory { second["headline"] = nil }
        let items: [[String: Any]] = [
            [
                "type": "story", "id": Self.storyID.uuidString, "headline": "Mayor Marmalade", "teaser": "Won by a landslide",
                "image": Self.image(alt: "A ginger cat in a sash"), "created_at": Self.date(minutesAgo: 300), "updated_at": Self.date(minutesAgo: 7)
            ],
            [
                "type": "weblink", "id": Self.linkID.uuidString, "headline": "Reading tails", "url": "https://example.org/tails",
                "created_at": Self.date(minutesAgo: 100), "updated_at": Self.date(minutesAgo: 25)
            ],
            [
                "type": "advert", "id": Self.advertID.uuidString, "url": "https://whiskers.example/beds",
                "image": Self.image(alt: "A cat bed"), "advertiser": "Whisker & Co."
            ],
            second
        ]
        return try! JSONSerialization.data(withJSONObject: ["title": "Cat News", "items": items])
    }

    private func story(_ id: UUID) -> Data {
        let headline = id == Self.storyID ? "Mayor Marmalade" : "Library cat"
        var decorative = Self.image(alt: "")
        decorative["width"] = 800
        let body: [String: Any] = [
            "id": id.uuidString, "headline": headline, "hero_image": Self.image(alt: "A ginger cat in a sash"),
            "created_at": Self.date(minutesAgo: 300), "updated_at": Self.date(minutesAgo: 7),
            "contents": [
                ["type": "paragraph", "text": "The town voted."],
                ["type": "image", "image": decorative],
                ["type": "paragraph", "text": "Naps & speeches."]
            ]
        ]
        return try! JSONSerialization.data(withJSONObject: body)
    }

    func respond(_ url: URL) -> (Data, Int) {
        let path = url.path
        if path == "/essential-feed/v1/news" { return (list, 200) }
        if path.hasPrefix("/essential-feed/v1/news/stories/") {
            let id = UUID(uuidString: url.lastPathComponent)
            guard let id, id == Self.storyID || id == Self.secondStoryID else { return (Data(#"{"code":"unknown-story"}"#.utf8), 404) }
            return (story(id), 200)
        }
        if path.hasPrefix("/essential-feed/v1/images/") {
            return ["small", "regular"].map(Self.imageName).contains(url.lastPathComponent) ? (pngData, 200) : (Data(), 404)
        }
        if path == "/essential-feed/v1/feed" { return (feedJSON([]), 200) }
        return (Data(), 404)
    }
}
