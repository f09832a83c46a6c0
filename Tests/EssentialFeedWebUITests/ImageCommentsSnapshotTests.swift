import EssentialFeed
import EssentialFeedWebUI
import Foundation
import SnapshotTesting
import Testing

@Suite struct ImageCommentsSnapshotTests {
    @Test func commentsScreen_whileLoading() {
        let screen = ImageCommentsScreen(locale: english, language: "en", commentsURL: "/fragments/images/00000000-0000-0000-0000-000000000001/comments")
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func commentsScreen_inGreek() {
        let screen = ImageCommentsScreen(locale: Locale(identifier: "el"), language: "el", commentsURL: "/fragments/images/00000000-0000-0000-0000-000000000001/comments")
        assertSnapshot(of: screen.html, as: .lines)
    }

    @Test func commentsFragment_withComments() {
        let html = renderComments([
            makeComment(message: "a message", date: "1 day ago", username: "a username", isoDate: "2020-05-20T11:24:59Z"),
            makeComment(message: "another message\nover two lines", date: "1 week ago", username: "another username", isoDate: "2020-05-13T14:23:53Z")
        ])
        assertSnapshot(of: html, as: .lines)
    }

    @Test func commentsFragment_withNoComments() {
        assertSnapshot(of: renderComments([]), as: .lines)
    }

    @Test func commentsFragment_withErrorMessage() {
        let view = ImageCommentsFragmentView()
        view.display(ResourceErrorViewModel.error(message: "Couldn't connect to server"))
        assertSnapshot(of: view.html, as: .lines)
    }
}
