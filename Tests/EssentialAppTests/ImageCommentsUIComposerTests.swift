import EssentialFeed
import Foundation
import Testing
@testable import EssentialApp

@Suite struct ImageCommentsUIComposerTests {
    @Test func commentsScreen_showsTheLoadingStateAndTheWayBack() {
        let imageID = UUID()

        let html = ImageCommentsUIComposer.commentsScreen(for: imageID, locale: Locale(identifier: "en"), language: "en")

        #expect(html.contains("<a class=\"back-link\" data-action=\"back\" href=\"/\">"))
        #expect(html.contains("aria-busy=\"true\""))
        #expect(html.contains("data-source=\"/fragments/images/\(imageID.uuidString)/comments\""))
    }

    @Test func commentsFragment_rendersCommentsInTheirOrderWithRelativeDates() async throws {
        let comments = [
            ImageComment(id: UUID(), message: "newest", createdAt: fixedNow.adding(days: -1), username: "a"),
            ImageComment(id: UUID(), message: "oldest", createdAt: fixedNow.adding(days: -30), username: "b"),
        ]

        let fragment = try await ImageCommentsUIComposer.commentsFragment(locale: Locale(identifier: "en"), currentDate: fixedNow) { comments }

        #expect(!fragment.isError)
        let newest = try #require(fragment.html.range(of: "newest"))
        let oldest = try #require(fragment.html.range(of: "oldest"))
        #expect(newest.lowerBound < oldest.lowerBound)
        #expect(fragment.html.contains(">1 day ago</time>"))
        #expect(fragment.html.contains("datetime=\"\(fixedNow.adding(days: -1).formatted(.iso8601))\""))
    }

    @Test func commentsFragment_rendersTheErrorMessageOnFailure() async throws {
        let fragment = try await ImageCommentsUIComposer.commentsFragment(locale: Locale(identifier: "el"), currentDate: fixedNow) {
            throw ConnectivityError()
        }

        #expect(fragment.isError)
        #expect(fragment.html.contains("Δεν ήταν δυνατή η σύνδεση στο διακομιστή"))
    }

    @Test func commentsFragment_isCancelledWithItsRequest() async throws {
        let loader = LoaderSpy<[ImageComment]>()
        let task = Task {
            try await ImageCommentsUIComposer.commentsFragment(locale: Locale(identifier: "en"), currentDate: fixedNow, loader: loader.load)
        }
        await loader.waitForPendingLoad()

        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(loader.cancelledCount == 1)
        #expect(loader.loadCount == 1)
    }
}
