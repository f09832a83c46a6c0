import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct PhotoScreenTests {
    @Test func html_showsThePhotoWholeByItsOwnShape_withTheSizeTheFeedShowed_andTheFullSizeForTheScript() {
        let html = PhotoScreen(locale: english, language: "en", photo: photo()).html

        #expect(html.contains(#"<div class="photo-frame" data-ratio="4.0000">"#), "the photo's own shape, beyond the feed's bounds")
        #expect(
            html.contains(
                #"<img class="photo-image" src="/p/regular" srcset="/p/small 400w, /p/regular 1080w" sizes="(min-width: 38rem) 36rem, calc(100vw - 2rem)" width="4000" height="1000" alt="A wide bay" fetchpriority="high" data-full="/p/full">"#
            ))
        #expect(html.contains(#"<p class="photo-loading" data-role="full-loading" role="status" hidden>"#), "shown by the script that loads it")
        #expect(html.contains(#"<script type="module" src="/assets/photo.js"></script>"#))
    }

    @Test func html_saysWhoPostedItWhereWhenAndItsSize_andLeadsToItsComments() {
        let html = PhotoScreen(locale: english, language: "en", photo: photo()).html

        #expect(html.contains(#"<span class="author-name">Ada &lt;L&gt;</span> <span class="author-handle">@ada</span>"#))
        #expect(html.contains(#"<p class="feed-image-location">Lisbon</p>"#))
        #expect(html.contains(#"<p class="photo-description">Over the &lt;bay&gt;</p>"#))
        #expect(
            html.contains(
                #"<span class="photo-dimensions">4,000 × 1,000 pixels</span> · <time class="photo-posted" datetime="2026-11-24T10:00:00Z" title="24 November 2026 at 10:00">Posted 1 day ago</time>"#))
        #expect(html.contains(#"<a class="feed-comments-link" href="/images/1/comments"><span aria-hidden="true">💬</span> 2 comments</a>"#))
    }

    @Test func html_leadsToThePreviousAndNextPhotos_andSaysWhenThereIsNone() {
        let html = PhotoScreen(locale: english, language: "en", photo: photo(previous: nil, next: "/images/3")).html

        #expect(html.contains(#"data-next="/images/3""#) && !html.contains("data-previous"))
        #expect(html.contains(#"<a class="photo-step" href="/images/3" rel="next" data-action="next"><span class="photo-step-label">Next photo</span>"#))
        #expect(html.contains(#"<span class="photo-step" aria-disabled="true"><span aria-hidden="true">←</span> <span class="photo-step-label">Previous photo</span></span>"#))
    }

    @Test func html_givesTheFullSizesWidth_forActualSize() {
        let html = PhotoScreen(locale: english, language: "en", photo: photo(fullWidth: 4096)).html

        #expect(html.contains(#"data-actual-width="4096""#))
    }

    @Test func html_withoutThePhoto_saysWhy() {
        let html = PhotoScreen(locale: english, language: "en", photo: nil, unavailableMessage: "Not saved <offline>").html

        #expect(html.contains(#"<p class="photo-unavailable" role="alert">Not saved &lt;offline&gt;</p>"#))
        #expect(!html.contains("photo-image"))
    }

    private func photo(previous: String? = "/images/0", next: String? = "/images/2", fullWidth: Int? = nil) -> PhotoScreen.Photo {
        let item = FeedItemViewModel(
            id: anyUUID(1),
            image: FeedImageViewModel(
                description: "Over the <bay>", location: "Lisbon", alternativeText: "A wide bay", commentCount: 2,
                author: User(username: "ada", name: "Ada <L>")),
            imageURL: "/p", commentsURL: "/images/1/comments", photoURL: "/images/1",
            renditions: PhotoRenditions(width: 4000, height: 1000, candidates: [.init(url: "/p/small", width: 400), .init(url: "/p/regular", width: 1080)]))
        return PhotoScreen.Photo(
            item: item, fullURL: "/p/full", dimensions: "4,000 × 1,000 pixels",
            posted: PhotoScreen.PostedDate(relative: "Posted 1 day ago", exact: "24 November 2026 at 10:00", iso: "2026-11-24T10:00:00Z"),
            previousURL: previous, nextURL: next, fullWidth: fullWidth)
    }
}
