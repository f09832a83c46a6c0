import EssentialFeed
import Foundation

/// A story's screen with the story in its first response: hero image, headline, when it was
/// published and updated, then its paragraphs and images in reading order. The back control
/// returns to the news where the reader left it; `news.js` adds refresh and retries.
public struct NewsStoryScreen {
    private let context: ScreenContext
    private let storyID: UUID
    private let page: NewsStoryPageViewModel?
    private let error: ResourceErrorViewModel?
    private let links: NewsLinks

    public init(
        locale: Locale,
        language: String,
        storyID: UUID,
        page: NewsStoryPageViewModel? = nil,
        error: ResourceErrorViewModel? = nil,
        links: NewsLinks,
        assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.storyID = storyID
        self.page = page
        self.error = error
        self.links = links
    }

    public var html: String {
        let locale = context.locale
        let screenURL = NewsLinks.storyURL(storyID)
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let title = page?.story.headline ?? NewsPresenter.storyTitle(in: locale)
        let isLoading = page == nil && error == nil
        // The story's own headline is its heading; until it arrives, a hidden one names the screen.
        let hiddenTitle: HTML? = page == nil ? "<h1 class=\"visually-hidden\" data-role=\"screen-title\">\(title)</h1>" : nil
        let frame = ScreenFrame(
            context: context, title: title, script: "news.js",
            back: .init(href: NewsLinks.listURL, label: NewsStrings.backToNews.localized(in: locale)), titleInHeader: false,
            actions: [controls.refreshButton], section: .app(current: .news))
        return frame.html(
            main: """
                <main class="screen story-screen">
                \(hiddenTitle)
                \(controls.statusArea(isLoading: isLoading, error: error))
                \(OfflineNotice(text: page?.offlineNotice, retryURL: screenURL, locale: locale).html)
                <article class="story" aria-busy="\(isLoading)" data-source="\(NewsLinks.storyFragmentURL(storyID))">
                \(page.map { NewsStoryHTML(links: links).html(for: $0.story) })</article>
                </main>
                """
        ).rendered
    }
}

/// A story's content, as the screen and its fragment both render it.
struct NewsStoryHTML {
    let links: NewsLinks

    private static let sizes = "(min-width: 40em) 38rem, 100vw"

    func html(for story: NewsStoryViewModel) -> HTML {
        let images = NewsImageHTML(links: links)
        var html: HTML = """
            <figure class="story-hero">\(images.html(story.heroImage, shape: .natural, sizes: Self.sizes, isEager: true))</figure>
            <h1 class="story-headline">\(story.headline)</h1>
            <p class="story-dates"><time datetime="\(ISO8601DateText.string(from: story.createdAt))">\(story.published)</time>
            """
        if let updated = story.updated {
            html += "<span aria-hidden=\"true\"> · </span><time datetime=\"\(ISO8601DateText.string(from: story.updatedAt))\">\(updated)</time>"
        }
        html += "</p>\n"
        for block in story.contents {
            switch block {
            case let .paragraph(text):
                html += "<p class=\"story-paragraph\">\(text)</p>\n"
            case let .image(image):
                html += "<figure class=\"story-figure\">\(images.html(image, shape: .natural, sizes: Self.sizes))</figure>\n"
            }
        }
        return html
    }
}

/// A fragment of the news screens, for their scripts' refresh and retries: the list or the
/// story, with the offline notice when it comes from the cache, or the error.
public struct NewsFragment {
    private let html: HTML

    public init(page: NewsPageViewModel?, error: ResourceErrorViewModel?, links: NewsLinks, locale: Locale) {
        html = Self.render(
            kind: "news", content: page.map { NewsListHTML(locale: locale, links: links).html(for: $0.news) },
            offlineNotice: page?.offlineNotice, error: error)
    }

    public init(page: NewsStoryPageViewModel?, error: ResourceErrorViewModel?, links: NewsLinks) {
        html = Self.render(
            kind: "story", content: page.map { NewsStoryHTML(links: links).html(for: $0.story) },
            offlineNotice: page?.offlineNotice, error: error)
    }

    public var rendered: String { html.rendered }

    private static func render(kind: String, content: HTML?, offlineNotice: String?, error: ResourceErrorViewModel?) -> HTML {
        if let error { return ErrorFragment(error: error).html }
        let notice = offlineNotice.map { notice -> HTML in " data-offline-notice=\"\(notice)\"" }
        return "<div data-fragment=\"\(kind)\"\(notice)>\n\(content)</div>\n"
    }
}
