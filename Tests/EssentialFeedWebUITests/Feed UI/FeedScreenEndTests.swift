import EssentialFeedWebUI
import Foundation
import Testing

/// What a screen of the feed says where it has no photos: an empty feed only on its first
/// page; a later page with none is the end, or leads on.
struct FeedScreenEndTests {
    @Test func aFirstPageWithNothing_andNothingAfterIt_saysTheFeedIsEmpty() {
        let html = screen(FeedPageViewModel(items: [], nextPageURL: nil))

        #expect(html.contains(#"data-role="empty">"#))
        #expect(html.contains(#"data-role="feed-end" hidden>"#))
    }

    @Test func aLaterPageWithNothing_isTheEnd_notAnEmptyFeed() {
        let html = screen(FeedPageViewModel(items: [], firstPosition: 77, nextPageURL: nil))

        #expect(html.contains(#"data-role="empty" hidden>"#))
        #expect(html.contains(#"data-role="feed-end">"#))
    }

    @Test func aPageWithNothing_butMoreAfterIt_leadsOn() {
        let html = screen(FeedPageViewModel(items: [], nextPageURL: "/fragments/feed?after=X", nextScreenURL: "/?after=X"))

        #expect(html.contains(#"data-role="empty" hidden>"#))
        #expect(html.contains(#"data-role="feed-end" hidden>"#))
        #expect(html.contains(#"<a class="load-more-button" data-action="load-more" href="/?after=X">"#))
    }

    private func screen(_ page: FeedPageViewModel) -> String {
        FeedScreen(locale: Locale(identifier: "en"), language: "en", feedURL: "/fragments/feed", page: page).html
    }
}
