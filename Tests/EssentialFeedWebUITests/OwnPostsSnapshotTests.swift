import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// One's own posts as HTML: a photo behind a content warning, the edit form, and the
/// confirmations before a photo or a comment goes.
@Suite struct OwnPostsSnapshotTests {
    private let account = SignedInAccount(user: User(username: "maria.silva", name: "Maria Silva"), csrfToken: "a-csrf-token")
    private let photoID = anyUUID(7)

    @Test func feedFragment_withAPhotoBehindAContentWarning() {
        let page = FeedPageViewModel(items: [warnedItem(1), makeItem(2)], nextPageURL: nil)
        assertSnapshot(of: renderFeedFragment(page), as: .lines)
    }

    @Test func feedScreen_loadsAPhotoBehindAWarning_onlyOnceOpened_evenAmongThoseItLoadsAtOnce() {
        let page = FeedPageViewModel(items: [warnedItem(1), makeItem(2)], nextPageURL: nil)
        let html = FeedScreen(locale: english, language: "en", feedURL: "/fragments/feed", page: page).html

        #expect(html.contains(#"<img class="feed-image" data-src="/feed-images/\#(anyUUID(1).uuidString)""#), "for the script, once opened")
        #expect(html.contains(#"<img class="feed-image" src="/feed-images/\#(anyUUID(2).uuidString)""#), "the photo without a warning at once")
    }

    @Test func aPhotoBehindAWarning_isCoveredOnItsCommentsScreen() {
        let item = warnedItem(1)
        let comments = ImageCommentsScreen(
            locale: english, language: "en", commentsURL: "/fragments/images/1/comments",
            subject: ImageCommentsScreen.Subject(image: item.image, imageURL: item.imageURL, photoURL: "/images/1", renditions: nil, placeholder: item.placeholder)
        ).html

        #expect(comments.contains(#"<details class="content-warning"><summary>"#))
        #expect(comments.contains("Heights &lt;and&gt; drops"))
    }

    private func warnedItem(_ number: Int) -> FeedItemViewModel {
        let item = makeItem(number)
        return FeedItemViewModel(
            id: item.id, image: FeedImageViewModel(description: "At the cliff", location: nil, contentWarning: "Heights <and> drops"),
            imageURL: item.imageURL, commentsURL: item.commentsURL, placeholder: ImagePlaceholder(blurHash: "LEHV6nWB2yk8", averageColor: "#334455"))
    }

    @Test func editPostScreen_inSpanish_keepsEveryTextEscaped() {
        let spanish = Locale(identifier: "es")
        let draft = EditPostDraft(
            description: "</textarea><script>x</script>", location: "\"Porto\"", alternativeText: "Un gato", contentWarning: "Arañas",
            errorMessage: "Error <grave>")
        assertSnapshot(of: EditPostScreen(imageID: photoID, draft: draft, locale: spanish, language: "es", account: account).html, as: .lines)
    }

    @Test func confirmingThePhotosDeletion() {
        assertSnapshot(of: ConfirmDeletionScreen(.photo(photoID), locale: english, language: "en", account: account).html, as: .lines)
    }

    @Test func confirmingACommentsDeletion_inGreek_afterItFailed() {
        let greek = Locale(identifier: "el")
        let screen = ConfirmDeletionScreen(
            .comment(anyUUID(9), onPhoto: photoID), locale: greek, language: "el", account: account,
            errorMessage: OwnPostStrings.failed.localized(in: greek), quote: "Καλημέρα <@rita>\nκαι")
        assertSnapshot(of: screen.html, as: .lines)
    }
}
