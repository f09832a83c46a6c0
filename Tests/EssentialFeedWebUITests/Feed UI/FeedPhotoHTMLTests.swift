import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@Suite struct FeedPhotoHTMLTests {
    @Test(arguments: [
        (3000, 2000, "1.5000"),
        (960, 320, "3.0000"),
        (4000, 1000, "3.0000"),
        (1000, 2000, "0.5000"),
        (500, 3000, "0.5000"),
        (4000, 3000, "1.3333"),
        (1920, 1080, "1.7778"),
        (2000, 3000, "0.6667"),
        (1001, 1000, "1.0010"),
        (1000, 1000, "1.0000"),
        (2999, 1000, "2.9990")
    ])
    func box_hasThePhotosShape_withinOneToTwoAndThreeToOne(width: Int, height: Int, ratio: String) {
        let html = renderFeedFragment(FeedPageViewModel(items: [photoItem(1, width: width, height: height)], nextPageURL: nil))

        #expect(html.contains(#"<div class="feed-image-container" data-ratio="\#(ratio)">"#))
        #expect(html.contains(#"width="\#(width)" height="\#(height)""#), "the image has its own dimensions")
    }

    @Test func image_offersEverySizeGivenWithItsWidth_forTheScriptToChooseFrom() {
        let html = renderFeedFragment(FeedPageViewModel(items: [photoItem(1, width: 3000, height: 2000)], nextPageURL: nil))

        let srcset = "/p/1/thumb 200w, /p/1/small 400w, /p/1/regular 1080w"
        #expect(html.contains(#"data-src="/p/1/regular" data-srcset="\#(srcset)" data-sizes="(min-width: 38rem) 36rem, calc(100vw - 2rem)""#))
        #expect(html.contains(#"<noscript><img class="feed-image" src="/p/1/regular" srcset="\#(srcset)" sizes="(min-width: 38rem) 36rem, calc(100vw - 2rem)""#))
    }

    @Test func screen_putsTheFirstImagesInTheHTML_forTheBrowserToChooseTheirSize() {
        let page = FeedPageViewModel(items: (1...3).map { photoItem($0, width: 800, height: 600) }, nextPageURL: nil)

        let html = FeedScreen(locale: english, language: "en", feedURL: "/fragments/feed", page: page).html

        #expect(html.contains(#"<img class="feed-image" src="/p/1/regular" srcset="/p/1/thumb 200w, /p/1/small 400w, /p/1/regular 800w" sizes="#))
        #expect(html.contains(#"<img class="feed-image" data-src="/p/3/regular""#))
    }

    @Test func image_withoutThePhotosShape_showsTheFeedsImageInASquare() {
        let html = renderFeedFragment(FeedPageViewModel(items: [makeItem(1)], nextPageURL: nil))

        #expect(html.contains(#"<div class="feed-image-container">"#))
        #expect(html.contains(#"data-src="/feed-images/00000000-0000-0000-0000-000000000001""#))
        #expect(!html.contains("srcset"))
    }

    @Test func article_opensItsCommentsFromThePhoto_andThePhotosScreenFromItsOwnControl() {
        let html = renderFeedFragment(FeedPageViewModel(items: [photoItem(1, width: 10, height: 10)], nextPageURL: nil))

        #expect(html.contains(#"<a class="feed-image-link" href="/images/1/comments""#))
        #expect(html.contains(#"<a class="feed-photo-link" href="/images/1"><span aria-hidden="true">⤢</span> Open photo</a>"#))
    }

    @Test func banner_linksTheRandomPhotoToItsScreen_underTheAppsName_andIsAbsentWithoutOne() {
        let withBanner = FeedScreen(
            locale: english, language: "en", feedURL: "/fragments/feed", page: FeedPageViewModel(items: [], nextPageURL: nil),
            banner: photoItem(7, width: 1200, height: 800), bannerURL: "/fragments/banner"
        ).html

        #expect(
            withBanner.contains(
                #"<div class="feed-banner-slot" data-role="banner" data-source="/fragments/banner"><a class="feed-banner" href="/images/7" aria-label="A photo from the feed, chosen at random""#))
        #expect(withBanner.contains(#"<span class="feed-banner-title" aria-hidden="true">Essential Feed</span>"#))
        #expect(withBanner.contains(#"<img class="feed-banner-image" src="/p/7/regular" srcset="#))

        let withoutPhoto = FeedScreen(locale: english, language: "en", feedURL: "/f", page: nil, bannerURL: "/fragments/banner").html
        #expect(withoutPhoto.contains(#"<div class="feed-banner-slot" data-role="banner" data-source="/fragments/banner"></div>"#))
        #expect(!FeedScreen(locale: english, language: "en", feedURL: "/f", page: nil).html.contains("feed-banner"))
        #expect(FeedBanner(photo: nil, locale: english).fragment == "<div data-fragment=\"banner\"></div>\n")
    }

    @Test func endOfTheFeed_saysSo_andLeadsBackToTheTop() {
        let page = FeedPageViewModel(items: [makeItem(1)], nextPageURL: nil)

        let html = FeedScreen(locale: english, language: "en", feedURL: "/fragments/feed", page: page).html

        #expect(html.contains("<p>You&#39;ve reached the end of your feed.</p>"))
        #expect(html.contains(##"<a class="feed-end-top" href="#top" data-action="scroll-to-top">Back to the top of the feed</a>"##))
    }

    private func photoItem(_ number: Int, width: Int, height: Int) -> FeedItemViewModel {
        FeedItemViewModel(
            id: anyUUID(number), image: FeedImageViewModel(description: nil, location: nil),
            imageURL: "/p/\(number)", commentsURL: "/images/\(number)/comments", photoURL: "/images/\(number)",
            renditions: PhotoRenditions(
                width: width, height: height,
                candidates: [
                    .init(url: "/p/\(number)/regular", width: min(width, 1080)),
                    .init(url: "/p/\(number)/thumb", width: min(width, 200)),
                    .init(url: "/p/\(number)/small", width: min(width, 400))
                ]))
    }
}
