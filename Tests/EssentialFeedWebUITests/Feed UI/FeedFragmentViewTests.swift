import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct FeedFragmentViewTests {
    @Test func html_escapesEveryTextFromTheAPI() {
        let html = renderFeedFragment(
            FeedPageViewModel(
                items: [makeItem(1, description: "<b>bold</b> & \"quoted\"", location: "<i>Athens</i> & \"Rio\"")],
                nextPageURL: nil
            ))

        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;"))
        #expect(html.contains("&lt;i&gt;Athens&lt;/i&gt; &amp; &quot;Rio&quot;"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<i>"))
        #expect(!html.contains("\"quoted\""))
    }

    @Test func html_numbersArticlesFromThePagesFirstPosition() {
        let html = renderFeedFragment(FeedPageViewModel(items: [makeItem(1), makeItem(2)], firstPosition: 11, nextPageURL: "/next"))

        #expect(html.contains("aria-posinset=\"11\" aria-setsize=\"-1\""))
        #expect(html.contains("aria-posinset=\"12\" aria-setsize=\"-1\""))
    }

    @Test func html_givesTheFeedSizeOnceTheEndIsReached() {
        let html = renderFeedFragment(FeedPageViewModel(items: [makeItem(1), makeItem(2)], firstPosition: 11, nextPageURL: nil))

        #expect(html.contains("aria-posinset=\"11\" aria-setsize=\"12\""))
        #expect(html.contains("aria-posinset=\"12\" aria-setsize=\"12\""))
        #expect(html.contains("data-end"))
    }

    @Test func html_leavesOutLocationAndDescriptionWhenAbsent() {
        let html = renderFeedFragment(FeedPageViewModel(items: [makeItem(1)], nextPageURL: nil))

        #expect(!html.contains("feed-image-location"))
        #expect(!html.contains("feed-image-description"))
    }

    @Test func html_showsTheErrorMessageInsteadOfItems() {
        let view = FeedFragmentView(locale: english)
        view.display(FeedPageViewModel(items: [makeItem(1)], nextPageURL: nil))
        view.display(ResourceErrorViewModel.error(message: "<b>failed</b>"))

        #expect(view.html == "<p data-fragment=\"error\" data-reason=\"unavailable\">&lt;b&gt;failed&lt;/b&gt;</p>\n")
    }

    @Test func html_localizesTheImagesTextAlternative() {
        let html = renderFeedFragment(
            FeedPageViewModel(items: [makeItem(1, location: "Rio")], nextPageURL: nil),
            locale: brazilianPortuguese
        )

        #expect(html.contains("alt=\"Foto, local: Rio\""))
    }

    @Test func html_carriesTheImagesPlaceholder_forTheScriptToPaintWhileItLoads() {
        let plain = makeItem(1)
        let item = FeedItemViewModel(
            id: plain.id, image: plain.image, imageURL: plain.imageURL, commentsURL: plain.commentsURL,
            placeholder: ImagePlaceholder(blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", averageColor: "#aa7744"))

        let html = renderFeedFragment(FeedPageViewModel(items: [item, makeItem(2)], nextPageURL: nil))

        #expect(html.contains(##"<div class="feed-image-container" data-blurhash="LEHV6nWB2yk8pyo0adR*.7kCMdnj" data-color="#aa7744">"##))
        #expect(html.components(separatedBy: "data-blurhash").count == 2, "an image without one has none")
    }
}
