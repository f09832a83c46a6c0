import EssentialFeed
import EssentialFeedWebUI
import SnapshotTesting
import Testing

@Suite struct FeedSnapshotTests {
    @Test func feedScreen_whileLoading() {
        assertSnapshot(of: FeedScreen(locale: english, language: "en", feedURL: "/fragments/feed").html, as: .lines)
    }

    @Test func feedScreen_inBrazilianPortuguese() {
        assertSnapshot(of: FeedScreen(locale: brazilianPortuguese, language: "pt-BR", feedURL: "/fragments/feed").html, as: .lines)
    }

    @Test func feedFragment_withContentAndMorePages() {
        let page = FeedPageViewModel(
            items: [
                makeItem(1, description: "A description", location: "A location"),
                makeItem(2, location: "Only a location"),
                makeItem(3, description: "Only a description"),
                makeItem(4)
            ], nextPageURL: "/fragments/feed?after=00000000-0000-0000-0000-000000000004")
        assertSnapshot(of: renderFeedFragment(page), as: .lines)
    }

    @Test func feedFragment_withEndOfFeed() {
        let page = FeedPageViewModel(items: [makeItem(11, description: "The last one")], firstPosition: 11, nextPageURL: nil)
        assertSnapshot(of: renderFeedFragment(page), as: .lines)
    }

    @Test func feedFragment_withEmptyFeed() {
        assertSnapshot(of: renderFeedFragment(FeedPageViewModel(items: [], nextPageURL: nil)), as: .lines)
    }

    @Test func feedFragment_withErrorMessage() {
        assertSnapshot(of: renderFeedError(LoadResourcePresenter<Void, FeedFragmentView>.loadError(in: english)), as: .lines)
    }

    @Test func feedFragment_withTextThatLooksLikeMarkup() {
        let page = FeedPageViewModel(items: [makeItem(1, description: "<b>bold</b> & \"quoted\"", location: "<script>x</script>")], nextPageURL: nil)
        assertSnapshot(of: renderFeedFragment(page), as: .lines)
    }
}
