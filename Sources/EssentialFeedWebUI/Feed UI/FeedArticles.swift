import EssentialFeed
import Foundation

/// The articles of a page of the feed, as the screen's first response and the fragments
/// both render them.
///
/// The first `eagerImages` images are in the HTML itself, so they load while the page is
/// read; the others carry their addresses for the screen's script, which loads them as they
/// come near, and a `<noscript>` copy for a browser without scripts.
struct FeedArticles {
    let locale: Locale
    var eagerImages = 0
    var rendered: RenderedFeedPages?

    /// The labels every article repeats, looked up once per page.
    private struct Labels {
        let showComments: String
        let imageRetry: String
        let openPhoto: String
        let photos: FeedImageLabels
        let hearts: HeartLabels
        let warnings: ContentWarningLabels
    }

    func html(for page: FeedPageViewModel) -> HTML {
        guard let rendered else { return render(page) }
        return rendered.markup(for: RenderedMarkupKey(page, identity: page.items.map(\.id), position: page.firstPosition, locale: locale, variant: eagerImages)) { render(page) }
    }

    private func render(_ page: FeedPageViewModel) -> HTML {
        let setSize = page.nextPageURL == nil ? page.firstPosition - 1 + page.items.count : -1
        let labels = Labels(
            showComments: FeedStrings.showComments.localized(in: locale),
            imageRetry: FeedStrings.imageRetry.localized(in: locale),
            openPhoto: FeedStrings.openPhoto.localized(in: locale),
            photos: FeedImageLabels(locale: locale),
            hearts: HeartLabels(locale: locale),
            warnings: ContentWarningLabels(locale: locale)
        )
        var html = HTML.empty
        for (offset, item) in page.items.enumerated() {
            html += article(for: item, position: page.firstPosition + offset, setSize: setSize, isEager: offset < eagerImages, labels: labels)
        }
        return html
    }

    private func article(for item: FeedItemViewModel, position: Int, setSize: Int, isEager: Bool, labels: Labels) -> HTML {
        var html: HTML = """
            <article class="feed-item" tabindex="0" aria-posinset="\(position)" aria-setsize="\(setSize)" data-image-id="\(UUIDText.string(from: item.id))" data-comments="\(item.commentsURL)"\(item.photoURL.map { url -> HTML in " data-photo=\"\(url)\"" })>

            """
        if let author = item.image.author {
            html += authorLine(author) + "\n"
        }
        if let location = item.image.location {
            html += "<p class=\"feed-image-location\">\(location)</p>\n"
        }
        if item.image.isForFollowersOnly {
            html += "<p class=\"feed-image-audience\">\(FollowersOnlyBadge.html(locale: locale))</p>\n"
        }
        let photo = PhotoImage(item: item, alternativeText: labels.photos.alternativeText(for: item.image), className: "feed-image")
        // A photo behind a warning is loaded only once the reader asks to see it.
        let warning = item.image.contentWarning
        let image = isEager && warning == nil ? photo.eager(isFirst: position == 1) : photo.lazy
        html += """
            <div class="feed-image-container"\(photo.boxAttributes())\(item.placeholder?.attributes)>
            <a class="feed-image-link" href="\(item.commentsURL)" title="\(labels.showComments)" tabindex="-1">\(image)</a>
            <button type="button" class="feed-image-retry" data-action="retry-image" aria-label="\(labels.imageRetry)" hidden><span aria-hidden="true">↻</span></button>\(warning.map { "\n" + labels.warnings.overlay($0) })
            </div>

            """
        if let description = item.image.description {
            html += "<p class=\"feed-image-description\">\(LinkedText.html(description))</p>\n"
        }
        let commentsLabel = labels.photos.commentsLabel(for: item.image)
        html += "<div class=\"feed-item-actions\">\n"
        if let likeCount = item.image.likeCount {
            html += HeartForm(imageID: item.id, likeCount: likeCount, isLiked: item.image.isLiked, labels: labels.hearts).html + "\n"
        }
        html += "<a class=\"feed-comments-link\" href=\"\(item.commentsURL)\"><span aria-hidden=\"true\">💬</span> <span class=\"feed-comments-label\">\(commentsLabel)</span></a>\n"
        if let photoURL = item.photoURL {
            html += "<a class=\"feed-photo-link\" href=\"\(photoURL)\"><span aria-hidden=\"true\">⤢</span> \(labels.openPhoto)</a>\n"
        }
        html += "</div>\n</article>\n"
        return html
    }
}

/// A feed photo's `<img>`: its sizes for the browser to choose from, and its own
/// dimensions, so the box it shows in has the photo's shape before any byte arrives.
struct PhotoImage {
    let item: FeedItemViewModel
    let alternativeText: String
    let className: String
    /// The width the image shows at, for the browser to choose its size.
    var sizes = Self.feedSizes

    /// The width the feed's column gives an image: the screen's width, up to its 38-rem column.
    static let feedSizes = "(min-width: 38rem) 36rem, calc(100vw - 2rem)"

    /// The box's shape, within the feed's bounds unless `bounded` is false.
    func boxAttributes(bounded: Bool = true) -> HTML {
        guard let renditions = item.renditions else { return .empty }
        return " data-ratio=\"\(bounded ? renditions.boxRatioText : renditions.photoRatioText)\""
    }

    private var fallbackURL: String {
        item.renditions?.fallbackURL ?? item.imageURL
    }

    private var dimensions: HTML {
        guard let renditions = item.renditions else { return .empty }
        return " width=\"\(renditions.width)\" height=\"\(renditions.height)\""
    }

    /// In the HTML itself, the browser choosing among the sizes as for the feed (so a screen
    /// that shows the photo larger starts with the size the feed has already loaded);
    /// `fullURL`, the largest size, is left for the screen's script to load.
    func eager(isFirst: Bool, fullURL: String? = nil) -> HTML {
        let priority: HTML = isFirst ? " fetchpriority=\"high\"" : .empty
        let full: HTML = fullURL.map { " data-full=\"\($0)\"" } ?? .empty
        return "<img class=\"\(className)\" src=\"\(fallbackURL)\"\(sizesAttributes(srcset, prefix: ""))\(dimensions) alt=\"\(alternativeText)\"\(priority)\(full)>"
    }

    /// For the screen's script to load when near (choosing the size the same way), with a
    /// copy for a browser without scripts.
    var lazy: HTML {
        let srcset = self.srcset
        return """
            <img class="\(className)" data-src="\(fallbackURL)"\(sizesAttributes(srcset, prefix: "data-"))\(dimensions) alt="\(alternativeText)">\
            <noscript><img class="\(className)" src="\(fallbackURL)"\(sizesAttributes(srcset, prefix: ""))\(dimensions) alt="\(alternativeText)" loading="lazy"></noscript>
            """
    }

    private var srcset: String? {
        guard let renditions = item.renditions, !renditions.candidates.isEmpty else { return nil }
        return renditions.srcset
    }

    private func sizesAttributes(_ srcset: String?, prefix: String) -> HTML {
        guard let srcset else { return .empty }
        return " \(prefix)srcset=\"\(srcset)\" \(prefix)sizes=\"\(sizes)\""
    }
}

/// Feed pages' articles rendered before, shared by every reader's screens and fragments: a
/// first page many people load is rendered once while it stays the same.
public typealias RenderedFeedPages = MarkupCache<RenderedMarkupKey<FeedPageViewModel>>

/// The words a photo hides behind, over its placeholder: a `<details>` whose summary is the
/// warning, opened (so gone) when the reader asks to see the photo. It works without scripts;
/// the screens' script loads the photo only then.
struct ContentWarningLabels {
    let contentWarning: String
    let showPhoto: String

    init(locale: Locale) {
        contentWarning = OwnPostStrings.contentWarning.localized(in: locale)
        showPhoto = OwnPostStrings.showPhoto.localized(in: locale)
    }

    func overlay(_ warning: String) -> HTML {
        """
        <details class="content-warning"><summary><span class="content-warning-title"><span aria-hidden="true">⚠︎</span> \(contentWarning)</span> <span class="content-warning-text">\(warning)</span> <span class="content-warning-show">\(showPhoto)</span></summary></details>
        """
    }
}
