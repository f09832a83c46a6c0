import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// The "New post" screen as HTML: empty, and after a failure with the texts kept.
@Suite struct NewPostSnapshotTests {
    private let account = SignedInAccount(user: User(username: "maria.silva", name: "Maria Silva"), csrfToken: "a-csrf-token")

    @Test func newPostScreen() {
        assertSnapshot(of: NewPostScreen(locale: english, language: "en", account: account).html, as: .lines)
    }

    @Test func newPostScreen_afterATextTooLong_inGreek_keepsEveryTextEscaped() {
        let greek = Locale(identifier: "el")
        let draft = NewPostDraft(
            description: "</textarea><script>x</script>", location: "\"Porto\" & <Gaia>", alternativeText: "A cat",
            errorMessage: NewPostPresenter.errorMessage(for: NewPostError.textTooLong(.location, maximum: 500), locale: greek),
            invalidField: .location)
        assertSnapshot(of: NewPostScreen(locale: greek, language: "el", account: account, draft: draft).html, as: .lines)
    }
}
