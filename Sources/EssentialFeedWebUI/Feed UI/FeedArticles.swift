import EssentialFeed
import Foundation

/// The articles of a page of the feed, as the screen's first response and the fragments
/// both render them.
///
/// The first `eagerImages` images are in the HTML itself, so they load while the page is
/// read; the others carry their address for the screen's script, which loads them as they
/// come near, and a `<noscript>` copy for a browser without scripts.
struct FeedArticles {
    let locale: Locale
    var eagerImages = 0

    /// The labels every article repeats, looked up once per page.
    private struct Labels {
        let showComments: String
        let imageRetry: String
        let comments: String
    }

    func html(for page: FeedPageViewModel) -> HTML {
        let setSize = page.nextPageURL == nil ? page.firstPosition - 1 + page.items.count : -1
        let labels = Labels(
            showComments: FeedStrings.showComments.localized(in: locale),
            imageRetry: FeedStrings.imageRetry.localized(in: locale),
            comments: FeedStrings.comments.localized(in: locale)
        )
        var html = HTML.empty
        for (offset, item) in page.items.enumerated() {
            html += article(for: item, position: page.firstPosition + offset, setSize: setSize, isEager: offset < eagerImages, labels: labels)
        }
        return html
    }

    private func article(for item: FeedItemViewModel, position: Int, setSize: Int, isEager: Bool, labels: Labels) -> HTML {
        let alternativeText = FeedImagePresenter.alternativeText(for: item.image, in: locale)
        let imageURL = item.imageURL
        var html: HTML = """
        <article class="feed-item" tabindex="0" aria-posinset="\(position)" aria-setsize="\(setSize)" data-image-id="\(item.id.uuidString)" data-comments="\(item.commentsURL)">

        """
        if let author = item.image.author {
            html += "<p class=\"feed-image-author\"><span class=\"author-name\">\(author.name)</span> <span class=\"author-handle\">@\(author.username)</span></p>\n"
        }
        if let location = item.image.location {
            html += "<p class=\"feed-image-location\">\(location)</p>\n"
        }
        let image: HTML = isEager
            ? "<img class=\"feed-image\" src=\"\(imageURL)\" alt=\"\(alternativeText)\"\(position == 1 ? " fetchpriority=\"high\"" as HTML : .empty)>"
            : "<img class=\"feed-image\" data-src=\"\(imageURL)\" alt=\"\(alternativeText)\"><noscript><img class=\"feed-image\" src=\"\(imageURL)\" alt=\"\(alternativeText)\" loading=\"lazy\"></noscript>"
        html += """
        <div class="feed-image-container"\(item.placeholder?.attributes)>
        <a class="feed-image-link" href="\(item.commentsURL)" title="\(labels.showComments)" tabindex="-1">\(image)</a>
        <button type="button" class="feed-image-retry" data-action="retry-image" aria-label="\(labels.imageRetry)" hidden><span aria-hidden="true">↻</span></button>
        </div>

        """
        if let description = item.image.description {
            html += "<p class=\"feed-image-description\">\(description)</p>\n"
        }
        let commentsLabel = item.image.commentCount == nil ? labels.comments : FeedImagePresenter.commentsLabel(for: item.image, in: locale)
        html += "<a class=\"feed-comments-link\" href=\"\(item.commentsURL)\"><span aria-hidden=\"true\">💬</span> \(commentsLabel)</a>\n"
        html += "</article>\n"
        return html
    }
}
