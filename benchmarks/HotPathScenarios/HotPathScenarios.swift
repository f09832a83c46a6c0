import EssentialApp
import EssentialFeed
import EssentialFeedWebUI
import FeedAPIServer
import FeedAPIStorage
import Foundation
import MediaPipeline

/// The work behind the busiest pages, each from the domain's values to the bytes a browser
/// or an app receives, on made-up content of realistic size. The release-mode benchmarks
/// count their instructions and allocations; nothing here touches a socket, a disk or a clock.
public enum HotPathScenarios {
    public enum Scenario: String, CaseIterable, Sendable {
        case feedPage10 = "feed-page-10"
        case feedPage50 = "feed-page-50"
        case commentsPage = "comments-page"
        case newsScreen = "news-screen"
        case photoScreen = "photo-screen"
        case apiFirstPage = "api-first-page"
    }

    /// Runs `scenario` once and gives the size of what it produced, so nothing is left out.
    public static func run(_ scenario: Scenario) async throws -> Int {
        switch scenario {
        case .feedPage10: try await feedPage(Content.feed10)
        case .feedPage50: try await feedPage(Content.feed50)
        case .commentsPage: try await commentsPage()
        case .newsScreen: try await newsScreen()
        case .photoScreen: photoScreen()
        case .apiFirstPage: apiFirstPage()
        }
    }

    private static func feedPage(_ items: [FeedImage]) async throws -> Int {
        let page = Paginated(items: items, loadMore: { Paginated(items: []) })
        let fragment = try await FeedUIComposer.feedFragment(
            after: nil, shown: 0, locale: Content.locale, currentDate: Content.now,
            loader: { Loaded(value: page) })
        return fragment.html.utf8.count
    }

    private static func commentsPage() async throws -> Int {
        let image = Content.feed10[0]
        let screen = try await ImageCommentsUIComposer.commentsScreen(
            for: image.id, image: image, locale: Content.locale, language: Content.language, currentDate: Content.now,
            assets: WebAssetLinks(), loader: { Content.comments })
        return screen.html.utf8.count
    }

    private static func newsScreen() async throws -> Int {
        let screen = try await NewsUIComposer.newsScreen(
            locale: Content.locale, language: Content.language, currentDate: Content.now, assets: WebAssetLinks(), account: nil,
            loader: { Loaded(value: Content.news) })
        return screen.html.utf8.count
    }

    private static func photoScreen() -> Int {
        let photo = Content.feed10[3]
        return PhotoUIComposer.photoScreen(
            Loaded(value: photo), neighbours: PhotoLookup.Neighbours(previous: Content.feed10[2].id, next: Content.feed10[4].id),
            locale: Content.locale, language: Content.language, currentDate: Content.now, assets: WebAssetLinks(), account: nil
        ).utf8.count
    }

    private static func apiFirstPage() -> Int {
        FeedPageEncoder(urls: PublicURLs(base: "http://127.0.0.1:8081")).encode(Content.apiItems).readableBytes
    }
}

/// Made-up content shaped like the demo's: every photo with an author, a place, words, a
/// BlurHash and four renditions; comments of a few lines; a news list of 34 rows.
private enum Content {
    static let locale = Locale(identifier: "en")
    static let language = "en"
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let api = "http://127.0.0.1:8081/essential-feed"

    static let feed10 = (0..<10).map(feedImage)
    static let feed50 = (0..<50).map(feedImage)

    static func id(_ index: Int, _ kind: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8%03X-%012X", kind, index)) ?? UUID()
    }

    static func feedImage(_ index: Int) -> FeedImage {
        let id = id(index, 1)
        let urls = Dictionary(
            uniqueKeysWithValues: FeedImageSize.allCases.map { size in
                (size, URL(string: "\(api)/v1/images/\(String(repeating: "ab", count: 32))-\(size.rawValue).jpg")!)
            })
        return FeedImage(
            id: id,
            description: "Morning light over the harbour, the boats still tied up and the market not yet open (\(index)).",
            location: index % 3 == 0 ? nil : "Lisbon, Portugal",
            url: urls[.regular]!,
            alternativeText: index % 2 == 0 ? "Fishing boats moored at dawn" : nil,
            commentCount: index % 4,
            author: User(username: "maria.silva", name: "Maria Silva"),
            photo: FeedPhoto(
                width: 1600 + index, height: 1200, averageColor: "#6A7F92", blurHash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH", urls: urls),
            createdAt: now.addingTimeInterval(-Double(index) * 5_400))
    }

    static let comments = (0..<20).map { index in
        ImageComment(
            id: id(index, 2),
            message: "What a view! We walked past there last spring and it looked exactly like this. (\(index))",
            createdAt: now.addingTimeInterval(-Double(index * index) * 40_000),
            username: "reader\(index)", authorName: "Reader \(index)")
    }

    static func newsImage(_ index: Int) -> NewsImage {
        let name = String(format: "%064x", index) + ".jpg"
        return NewsImage(
            url: URL(string: "\(api)/v1/images/\(name)")!, alternativeText: "A picture for story \(index)",
            photo: FeedPhoto(width: 1200, height: 800, averageColor: "#445566", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
    }

    static let news = NewsList(
        title: "Latest",
        items: (0..<34).map { index in
            let created = now.addingTimeInterval(-Double(index) * 20_000)
            switch index % 5 {
            case 3:
                return .webLink(
                    NewsWebLink(
                        id: id(index, 3), headline: "A long read on the city's tiled façades (\(index))",
                        url: URL(string: "https://example.org/reads/\(index)")!, image: newsImage(index), createdAt: created, updatedAt: created))
            case 4:
                return .advert(
                    NewsAdvert(
                        id: id(index, 3), url: URL(string: "https://shop.example.com/cameras")!, image: newsImage(index), advertiser: "Lens & Light"))
            default:
                return .story(
                    NewsStorySummary(
                        id: id(index, 3), headline: "The harbour reopens after a winter of repairs (\(index))",
                        teaser: "Boats are back, the market is busy again, and the old crane has a new coat of paint.",
                        image: newsImage(index), createdAt: created, updatedAt: created.addingTimeInterval(3_600)))
            }
        })

    static let apiItems = (0..<10).map { index in
        let reference = ImageReference(digest: ImageDigest(of: Data(repeating: UInt8(index), count: 32)), format: .jpeg)
        return FeedItem(
            id: id(index, 4), description: "Morning light over the harbour (\(index)).", location: "Lisbon, Portugal",
            image: reference, alt: "Fishing boats moored at dawn", commentCount: index,
            author: Author(username: "maria.silva", name: "Maria Silva"),
            photo: PhotoDetails(
                width: 1600, height: 1200, color: "#6A7F92", blurHash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH",
                renditions: [.thumb: reference, .small: reference, .regular: reference, .full: reference]),
            createdAt: now.addingTimeInterval(-Double(index) * 5_400))
    }
}
