import EssentialFeed
import Foundation

/// A photo from the feed chosen at random, at the top of the feed under a dark overlay with
/// the app's name, leading to the photo's own screen. Without a photo there is no banner.
public struct FeedBanner {
    let photo: FeedItemViewModel?
    let locale: Locale

    public init(photo: FeedItemViewModel?, locale: Locale) {
        self.photo = photo
        self.locale = locale
    }

    /// The place at the top of the feed, with the banner; the screen's script reloads it
    /// from `sourceURL` on refresh.
    func slot(sourceURL: String) -> HTML {
        "<div class=\"feed-banner-slot\" data-role=\"banner\" data-source=\"\(sourceURL)\">\(link)</div>"
    }

    /// The banner as the feed screen's script swaps it in on refresh: empty without a photo.
    public var fragment: String {
        let html: HTML = "<div data-fragment=\"banner\">\(link)</div>\n"
        return html.rendered
    }

    private var link: HTML {
        guard let photo, let photoURL = photo.photoURL else { return .empty }
        let image = PhotoImage(item: photo, alternativeText: FeedImagePresenter.alternativeText(for: photo.image, in: locale), className: "feed-banner-image")
        return """
            <a class="feed-banner" href="\(photoURL)" aria-label="\(FeedStrings.bannerLabel.localized(in: locale))" data-image-id="\(UUIDText.string(from: photo.id))">\
            <span class="feed-banner-photo"\(photo.placeholder?.attributes)>\(image.eager(isFirst: false))</span>\
            <span class="feed-banner-title" aria-hidden="true">\(FeedStrings.bannerTitle.localized(in: locale))</span></a>
            """
    }
}
