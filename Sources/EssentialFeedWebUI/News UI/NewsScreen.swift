import EssentialFeed
import Foundation

/// The news screen with the news in its first response, so it reads before any script runs
/// and without scripts at all; `news.js` adds refresh, retries and the image placeholders.
/// Every row is a link: a story to its screen, a web link and an advert to their site in a
/// new tab, saying so.
public struct NewsScreen {
    private let context: ScreenContext
    private let page: NewsPageViewModel?
    private let error: ResourceErrorViewModel?
    private let links: NewsLinks
    private let rendered: RenderedNewsLists?

    /// `rendered` keeps the lists rendered with these `links` for the next reader of the same news.
    public init(
        locale: Locale,
        language: String,
        page: NewsPageViewModel? = nil,
        error: ResourceErrorViewModel? = nil,
        links: NewsLinks,
        assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil,
        rendered: RenderedNewsLists? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.page = page
        self.error = error
        self.links = links
        self.rendered = rendered
    }

    public var html: String {
        let locale = context.locale
        let controls = LoadingControls(locale: locale, screenURL: NewsLinks.listURL)
        let isLoading = page == nil && error == nil
        let isEmpty = page.map { $0.news.featured == nil && $0.news.latest.isEmpty } ?? false
        let frame = ScreenFrame(
            context: context, title: page?.news.title ?? NewsPresenter.title(in: locale), script: "news.js",
            actions: [controls.refreshButton], section: .app(current: .news))
        return frame.html(
            main: """
                <main class="screen news-screen">
                \(controls.statusArea(isLoading: isLoading, error: error))
                \(OfflineNotice(text: page?.offlineNotice, retryURL: NewsLinks.listURL, locale: locale).html)
                <div class="news" aria-busy="\(isLoading)" data-source="\(NewsLinks.listFragmentURL)">
                \(page.map { list(of: $0.news, in: locale) })</div>
                <p class="empty-state" data-role="empty"\(hidden(!isEmpty))>\(NewsStrings.emptyState.localized(in: locale))</p>
                </main>
                """
        ).rendered
    }
}

extension NewsScreen {
    private func list(of news: NewsViewModel, in locale: Locale) -> HTML {
        let list = NewsListHTML(locale: locale, links: links)
        guard let rendered else { return list.html(for: news) }
        return rendered.markup(for: RenderedMarkupKey(news, identity: news.identity, locale: locale)) { list.html(for: news) }
    }
}

/// News lists rendered before, for one set of `NewsLinks`: the same news in the same
/// language is rendered once while it stays the same.
public typealias RenderedNewsLists = MarkupCache<RenderedMarkupKey<NewsViewModel>>

/// The banner over content shown from the cache, saying since when, with a retry that
/// reloads the screen (the script retries in place).
struct OfflineNotice {
    let text: String?
    let retryURL: String
    let locale: Locale

    var html: HTML {
        """
        <div class="offline-notice" data-role="offline-notice" role="status"\(hidden(text == nil))><p data-role="offline-message">\(text ?? "")</p><a class="banner-action" data-action="retry" href="\(retryURL)">\(SharedStrings.retry.localized(in: locale))</a></div>
        """
    }
}

/// The featured story and the latest items, as the screen and its fragment both render them.
struct NewsListHTML {
    let locale: Locale
    let links: NewsLinks

    private var images: NewsImageHTML { NewsImageHTML(links: links) }

    func html(for news: NewsViewModel) -> HTML {
        var html = HTML.empty
        if let featured = news.featured {
            html += """
                <section class="news-featured" aria-labelledby="news-featured-heading">
                <h2 class="news-section-heading" id="news-featured-heading">\(NewsStrings.featured.localized(in: locale))</h2>
                <article class="news-card news-card-featured" data-item-id="\(UUIDText.string(from: featured.id))">
                \(images.html(featured.image, shape: .cropped, sizes: "(min-width: 40em) 38rem, 100vw", isEager: true))
                <h3 class="news-headline"><a class="news-link" href="\(NewsLinks.storyURL(featured.id))">\(featured.headline)</a></h3>
                <p class="news-teaser">\(featured.teaser)</p>
                \(updated(featured.updated, at: featured.updatedAt))
                </article>
                </section>

                """
        }
        guard !news.latest.isEmpty else { return html }
        html += """
            <section class="news-latest" aria-labelledby="news-latest-heading">
            <h2 class="news-section-heading" id="news-latest-heading">\(NewsStrings.latest.localized(in: locale))</h2>
            <ul class="news-rows" aria-label="\(NewsStrings.listLabel.localized(in: locale))">

            """
        for row in news.latest {
            html += self.row(row)
        }
        return html + "</ul>\n</section>\n"
    }

    private func row(_ row: NewsRowViewModel) -> HTML {
        let thumbnailSizes = "7rem"
        switch row {
        case let .story(story):
            return """
                <li class="news-row news-row-story" data-item-id="\(UUIDText.string(from: story.id))">
                \(images.html(story.image, shape: .cropped, sizes: thumbnailSizes, frameClass: "news-image-frame news-thumbnail"))
                <div class="news-row-text">
                <h3 class="news-headline"><a class="news-link" href="\(NewsLinks.storyURL(story.id))">\(story.headline)</a></h3>
                <p class="news-teaser">\(story.teaser)</p>
                \(updated(story.updated, at: story.updatedAt))
                </div>
                </li>

                """
        case let .webLink(link):
            let thumbnail =
                link.image.map { images.html($0, shape: .cropped, sizes: thumbnailSizes, frameClass: "news-image-frame news-thumbnail") }
                ?? HTML("<div class=\"news-image-frame news-thumbnail news-link-icon\" aria-hidden=\"true\">↗</div>")
            return """
                <li class="news-row news-row-weblink" data-item-id="\(UUIDText.string(from: link.id))">
                \(thumbnail)
                <div class="news-row-text">
                <h3 class="news-headline"><a class="news-link" href="\(link.url.absoluteString)" target="_blank" rel="noopener noreferrer">\(link.headline) <span class="news-new-tab">\(link.opensInNewTab)</span></a></h3>
                <p class="news-site">\(link.url.host() ?? link.url.absoluteString)</p>
                \(updated(link.updated, at: link.updatedAt))
                </div>
                </li>

                """
        case let .advert(advert):
            let offer = advert.offer.map { offer -> HTML in "<p class=\"news-teaser\">\(offer)</p>\n" }
            return """
                <li class="news-row news-row-advert" data-item-id="\(UUIDText.string(from: advert.id))">
                \(images.html(advert.image, shape: .cropped, sizes: thumbnailSizes, frameClass: "news-image-frame news-thumbnail"))
                <div class="news-row-text">
                <p class="news-sponsored">\(advert.sponsored)</p>
                <p class="news-headline"><a class="news-link" href="\(advert.url.absoluteString)" target="_blank" rel="sponsored noopener">\(advert.label) <span class="news-new-tab">\(advert.opensInNewTab)</span></a></p>
                \(offer)<p class="news-site">\(advert.url.host() ?? advert.url.absoluteString)</p>
                </div>
                </li>

                """
        }
    }

    private func updated(_ text: String, at date: Date) -> HTML {
        "<p class=\"news-meta\"><time datetime=\"\(ISO8601DateText.string(from: date))\">\(text)</time></p>"
    }
}

extension NewsViewModel {
    /// The rows it shows, by id: enough to tell one list from another cheaply.
    fileprivate var identity: [UUID] {
        (featured.map { [$0.id] } ?? [])
            + latest.map { row in
                switch row {
                case let .story(story): story.id
                case let .webLink(link): link.id
                case let .advert(advert): advert.id
                }
            }
    }
}
