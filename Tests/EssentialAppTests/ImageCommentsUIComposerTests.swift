import EssentialFeed
import Foundation
import Testing

@testable import EssentialApp

@Suite struct ImageCommentsUIComposerTests {
    @Test func commentsScreen_showsTheImageItIsAboutAndItsCommentsAndTheWayBack() async throws {
        let image = FeedImage(id: UUID(), description: "Harbour at dawn", location: "Porto", url: URL(string: "https://any-url.com")!)
        let comments = [ImageComment(id: UUID(), message: "lovely light", createdAt: fixedNow.adding(days: -11), username: "a")]

        let screen = try await ImageCommentsUIComposer.commentsScreen(
            for: image.id, image: image, locale: Locale(identifier: "en"), language: "en", currentDate: fixedNow, assets: .init()
        ) { comments }

        #expect(!screen.isError)
        #expect(screen.html.contains("<a class=\"back-link\" data-action=\"back\" href=\"/\">"))
        #expect(screen.html.contains("aria-busy=\"false\""))
        #expect(screen.html.contains("data-source=\"/fragments/images/\(image.id.uuidString)/comments\""))
        #expect(screen.html.contains("<img class=\"comments-subject-image\" src=\"/feed-images/\(image.id.uuidString)\""))
        #expect(screen.html.contains(">Porto</p>"))
        #expect(screen.html.contains(">Harbour at dawn</p>"))
        #expect(screen.html.contains(">lovely light</p>"))
        #expect(screen.html.contains(">1 week ago</time>"))
    }

    @Test func commentsScreen_ofAnImageTheAPIDoesNotHave_saysSoAndLeadsToTheFeed() async throws {
        let screen = try await ImageCommentsUIComposer.commentsScreen(
            for: UUID(), image: nil, locale: Locale(identifier: "en"), language: "en", currentDate: fixedNow, assets: .init()
        ) { throw ResourceNotFoundError() }

        #expect(screen.isNotFound)
        #expect(screen.html.contains("data-reason=\"not-found\""))
        #expect(screen.html.contains("data-action=\"go-to-feed\" href=\"/\">"))
        #expect(!screen.html.contains("comments-subject"))
    }

    @Test func commentsFragment_rendersCommentsInTheirOrderWithRelativeDates() async throws {
        let comments = [
            ImageComment(id: UUID(), message: "newest", createdAt: fixedNow.adding(days: -1), username: "a"),
            ImageComment(id: UUID(), message: "oldest", createdAt: fixedNow.adding(days: -30), username: "b")
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
