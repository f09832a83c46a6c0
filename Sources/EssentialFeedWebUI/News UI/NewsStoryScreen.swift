import EssentialFeed
import Foundation

/// A story's screen with the story in its first response: hero image, headline, when it was
/// published and updated, then its paragraphs and images in reading order. The back control
/// returns to the news where the reader left it; `news.js` adds refresh and retries.
public struct NewsStoryScreen {
    private let locale: Locale
    private let language: String
    private let storyID: UUID
    private let page: NewsStoryPageViewModel?
    private let error: ResourceErrorViewModel?
    private let links: NewsLinks
    private let assets: WebAssetLinks
    private let account: SignedInAccount?

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
        self.locale = locale
        self.language = language
        self.storyID = storyID
        self.page = page
        self.error = error
        self.links = links
        self.assets = assets
        self.account = account
    }

    public var html: String {
        let screenURL = NewsLinks.storyURL(storyID)
        let controls = LoadingControls(locale: locale, screenURL: screenURL)
        let title = page?.story.headline ?? NewsPresenter.storyTitle(in: locale)
        let isLoading = page == nil && error == nil
        return HTMLDocument(language: language, title: title, script: "news.js", assets: assets, body: """
        <header class="screen-header">
        <a class="back-link" data-action="back" href="\(escaping: NewsLinks.listURL)"><span aria-hidden="true">←</span> <span class="back-link-label">\(escaping: NewsStrings.backToNews.localized(in: locale))</span></a>
        <span class="header-spacer"></span>
        \(controls.refreshButton)
        \(AccountControls(account: account, locale: locale).html)
        </header>
        \(account == nil ? "" : AppNavigation(current: .news, locale: locale).html)
        <main class="screen story-screen">
        \(page == nil ? "<h1 class=\"visually-hidden\" data-role=\"screen-title\">\(title.htmlEscaped)</h1>" : "")
        \(controls.statusArea(isLoading: isLoading, error: error))
        \(OfflineNotice(text: page?.offlineNotice, retryURL: screenURL, locale: locale).html)
        <article class="story" aria-busy="\(isLoading)" data-source="\(escaping: NewsLinks.storyFragmentURL(storyID))">
        \(page.map { NewsStoryHTML(links: links).html(for: $0.story) } ?? "")</article>
        </main>
        """).html
    }
}

/// A story's content, as the screen and its fragment both render it.
struct NewsStoryHTML {
    let links: NewsLinks

    private static let sizes = "(min-width: 40em) 38rem, 100vw"

    func html(for story: NewsStoryViewModel) -> String {
        let images = NewsImageHTML(links: links)
        var html = """
        <figure class="story-hero">\(images.html(story.heroImage, shape: .natural, sizes: Self.sizes, isEager: true))</figure>
        <h1 class="story-headline">\(escaping: story.headline)</h1>
        <p class="story-dates"><time datetime="\(escaping: story.createdAt.formatted(.iso8601))">\(escaping: story.published)</time>
        """
        if let updated = story.updated {
            html += "<span aria-hidden=\"true\"> · </span><time datetime=\"\(escaping: story.updatedAt.formatted(.iso8601))\">\(escaping: updated)</time>"
        }
        html += "</p>\n"
        for block in story.contents {
            switch block {
            case let .paragraph(text):
                html += "<p class=\"story-paragraph\">\(escaping: text)</p>\n"
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
    private let html: String

    public init(page: NewsPageViewModel?, error: ResourceErrorViewModel?, links: NewsLinks, locale: Locale) {
        html = Self.render(kind: "news", content: page.map { NewsListHTML(locale: locale, links: links).html(for: $0.news) },
                           offlineNotice: page?.offlineNotice, error: error)
    }

    public init(page: NewsStoryPageViewModel?, error: ResourceErrorViewModel?, links: NewsLinks) {
        html = Self.render(kind: "story", content: page.map { NewsStoryHTML(links: links).html(for: $0.story) },
                           offlineNotice: page?.offlineNotice, error: error)
    }

    public var rendered: String { html }

    private static func render(kind: String, content: String?, offlineNotice: String?, error: ResourceErrorViewModel?) -> String {
        if let error { return ErrorFragment(error: error).html }
        let notice = offlineNotice.map { " data-offline-notice=\"\($0.htmlEscaped)\"" } ?? ""
        return "<div data-fragment=\"\(kind)\"\(notice)>\n\(content ?? "")</div>\n"
    }
}
