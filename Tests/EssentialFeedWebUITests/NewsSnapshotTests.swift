import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// The news screens as HTML: the list with every kind of row, a story, and their error and
/// offline states, with text that would break the markup if it were not escaped.
@Suite struct NewsSnapshotTests {
    private let account = SignedInAccount(user: User(username: "maria.silva", name: "Maria Silva"), csrfToken: "a-csrf-token")
    private let links = NewsLinks { url in "/news-images/\(url.lastPathComponent)" }
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func newsScreen_withEveryKindOfRow() {
        let page = NewsPageViewModel(news: NewsPresenter.map(Self.list, currentDate: Self.now, calendar: Self.calendar, locale: english))
        assertSnapshot(of: NewsScreen(locale: english, language: "en", page: page, links: links, account: account).html, as: .lines)
    }

    @Test func newsScreen_offline_inGreek() {
        let greek = Locale(identifier: "el")
        let page = NewsPageViewModel(
            news: NewsPresenter.map(Self.list, currentDate: Self.now, calendar: Self.calendar, locale: greek),
            offlineNotice: NewsPresenter.offlineNotice(savedAt: Self.now.addingTimeInterval(-7_200), currentDate: Self.now, calendar: Self.calendar, locale: greek))
        assertSnapshot(of: NewsScreen(locale: greek, language: "el", page: page, links: links, account: account).html, as: .lines)
    }

    @Test func newsScreen_keptList_readsAsRenderedAfresh_untilTheNewsChanges() {
        let rendered = RenderedNewsLists()
        func screen(at date: Date, rendered: RenderedNewsLists?) -> String {
            let page = NewsPageViewModel(news: NewsPresenter.map(Self.list, currentDate: date, calendar: Self.calendar, locale: english))
            return NewsScreen(locale: english, language: "en", page: page, links: links, account: account, rendered: rendered).html
        }
        let aDayLater = Self.now.addingTimeInterval(86_400)

        #expect(screen(at: Self.now, rendered: rendered) == screen(at: Self.now, rendered: nil))
        #expect(screen(at: Self.now, rendered: rendered) == screen(at: Self.now, rendered: nil))
        #expect(screen(at: aDayLater, rendered: rendered) == screen(at: aDayLater, rendered: nil))
        #expect(screen(at: aDayLater, rendered: nil) != screen(at: Self.now, rendered: nil))
        #expect(rendered.count == 2)
    }

    @Test func newsScreen_whileLoading() {
        assertSnapshot(of: NewsScreen(locale: english, language: "en", links: links, account: account).html, as: .lines)
    }

    @Test func storyScreen() {
        let page = NewsStoryPageViewModel(story: NewsPresenter.map(Self.story, currentDate: Self.now, calendar: Self.calendar, locale: english))
        assertSnapshot(
            of: NewsStoryScreen(locale: english, language: "en", storyID: Self.story.id, page: page, links: links, account: account).html,
            as: .lines)
    }

    @Test func storyScreen_notSavedOffline() {
        let error = ResourceErrorViewModel.error(message: NewsStoryNotSavedOfflineError().message(in: english))
        assertSnapshot(
            of: NewsStoryScreen(locale: english, language: "en", storyID: Self.story.id, error: error, links: links, account: account).html,
            as: .lines)
    }

    // MARK: - Helpers

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private static func image(_ name: String, alt: String) -> NewsImage {
        let base = "https://api.example/essential-feed/v1/images/"
        return NewsImage(
            url: URL(string: base + "\(name)-regular.jpg")!, alternativeText: alt,
            photo: FeedPhoto(
                width: 1600, height: 900, averageColor: "#aa7744", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                urls: [.small: URL(string: base + "\(name)-small.jpg")!, .regular: URL(string: base + "\(name)-regular.jpg")!]))
    }

    private static let list = NewsList(
        title: "Cat <News>",
        items: [
            .story(
                NewsStorySummary(
                    id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, headline: "Mayor \"Marmalade\" & co.",
                    teaser: "</p><script>alert(1)</script>", image: image("mayor", alt: "A ginger cat"),
                    createdAt: now.addingTimeInterval(-7_200), updatedAt: now.addingTimeInterval(-420))),
            .webLink(
                NewsWebLink(
                    id: UUID(uuidString: "22222222-2222-2222-2222-222222222222")!, headline: "Reading tails",
                    url: URL(string: "https://example.org/tails?a=1&b=2")!, image: nil,
                    createdAt: now.addingTimeInterval(-7_200), updatedAt: now.addingTimeInterval(-1_500))),
            .advert(
                NewsAdvert(
                    id: UUID(uuidString: "33333333-3333-3333-3333-333333333333")!, url: URL(string: "https://whiskers.example/beds")!,
                    image: image("bed", alt: "A cat bed"), advertiser: "Whisker & Co.",
                    offer: "Beds <cats> actually sleep in & love")),
            .story(
                NewsStorySummary(
                    id: UUID(uuidString: "44444444-4444-4444-4444-444444444444")!, headline: "Library cat", teaser: "Ten years",
                    image: image("dewey", alt: "Dewey"), createdAt: now.addingTimeInterval(-86_400), updatedAt: now.addingTimeInterval(-3_600)))
        ])

    private static let story = NewsStory(
        id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, headline: "Mayor \"Marmalade\" & co.",
        heroImage: image("mayor", alt: "A ginger cat in a sash"), createdAt: now.addingTimeInterval(-86_400),
        updatedAt: now.addingTimeInterval(-420),
        contents: [.paragraph("The town <b>voted</b>."), .image(image("waves", alt: "")), .paragraph("Naps & speeches.")])
}
