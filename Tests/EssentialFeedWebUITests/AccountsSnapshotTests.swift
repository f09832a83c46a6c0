import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

/// What a logged-in person sees, and the log-in screen, as HTML.
@Suite struct AccountsSnapshotTests {
    private let account = SignedInAccount(user: User(username: "maria.silva", name: "Maria <Σίλβα>"), csrfToken: "a-csrf-token")

    @Test func logInScreen() {
        assertSnapshot(of: LogInScreen(locale: english, language: "en", csrfToken: "a-csrf-token").html, as: .lines)
    }

    @Test func logInScreen_afterAFailure_inSpanish() {
        let screen = LogInScreen(
            locale: Locale(identifier: "es"), language: "es", csrfToken: "a-csrf-token", username: "maria\"silva",
            errorMessage: LogInPresenter.errorMessage(for: SessionMapper.Error.invalidCredentials, locale: Locale(identifier: "es")),
            next: "/images/00000000-0000-0000-0000-000000000001/comments")
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func feedScreen_ofALoggedInPerson_withAuthors() {
        let author = User(username: "joao.pedro", name: "João <Pedro>")
        let item = FeedItemViewModel(
            id: anyUUID(1), image: FeedImageViewModel(description: "A description", location: "A location", author: author),
            imageURL: "/feed-images/\(anyUUID(1).uuidString)", commentsURL: "/images/\(anyUUID(1).uuidString)/comments")
        let screen = FeedScreen(
            locale: english, language: "en", feedURL: "/fragments/feed",
            page: FeedPageViewModel(items: [item], nextPageURL: nil), account: account)
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func commentsScreen_withTheFormHoldingAFailedComment() {
        let screen = ImageCommentsScreen(
            locale: english, language: "en", commentsURL: "/fragments/images/00000000-0000-0000-0000-000000000001/comments",
            screenURL: "/images/00000000-0000-0000-0000-000000000001/comments", comments: [], account: account,
            draft: CommentDraft(message: "</textarea><script>x</script>", errorMessage: "Couldn't send your comment."))
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func requestRefusedPage_inGreek() {
        assertSnapshot(of: MessagePage.requestRefused(locale: Locale(identifier: "el"), language: "el").html, as: .lines)
    }
}
