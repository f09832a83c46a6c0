import EssentialFeed
import EssentialFeedWebUI
import Foundation
import Testing

@testable import EssentialApp

@Suite struct FeedUIComposerTests {
    @Test func feedScreen_carriesTheFirstPageWithItsFirstImagesInTheHTML() async throws {
        let images = (0..<4).map { _ in uniqueImage() }

        let screen = try await FeedUIComposer.feedScreen(after: nil, shown: 0, locale: Locale(identifier: "en"), language: "en", currentDate: Date(), assets: .init()) {
            FeedPages.Page(value: Paginated(items: images, loadMore: { Paginated(items: []) }))
        }

        #expect(!screen.isError)
        #expect(screen.html.contains("role=\"feed\" aria-busy=\"false\""))
        #expect(screen.html.contains("data-role=\"loading\" role=\"status\" hidden>"))
        #expect(screen.html.contains("data-source=\"/fragments/feed\""))
        #expect(screen.html.occurrences(of: "<article") == 4)
        #expect(screen.html.contains("<img class=\"feed-image\" src=\"/feed-images/\(images[0].id.uuidString)\""))
        #expect(screen.html.contains("<img class=\"feed-image\" src=\"/feed-images/\(images[1].id.uuidString)\""))
        #expect(screen.html.contains("data-src=\"/feed-images/\(images[2].id.uuidString)\""))
        #expect(screen.html.contains("<noscript><img class=\"feed-image\" src=\"/feed-images/\(images[2].id.uuidString)\""))
        #expect(screen.html.contains("data-next-page=\"/fragments/feed?after=\(images[3].id.uuidString)&amp;shown=4\""))
        #expect(screen.html.contains("href=\"/?after=\(images[3].id.uuidString)&amp;shown=4\""))
    }

    @Test func feedScreen_describesEachImageAndLinksToItsCommentsWithTheirCount() async throws {
        let image = FeedImage(id: UUID(), description: nil, location: "Porto", url: URL(string: "https://any-url.com")!, alternativeText: "Blue tiles on a wall", commentCount: 3)

        let screen = try await FeedUIComposer.feedScreen(after: nil, shown: 0, locale: Locale(identifier: "en"), language: "en", currentDate: Date(), assets: .init()) {
            FeedPages.Page(value: Paginated(items: [image]))
        }

        #expect(screen.html.contains("alt=\"Blue tiles on a wall\""))
        #expect(
            screen.html.contains(
                "<a class=\"feed-comments-link\" href=\"/images/\(image.id.uuidString)/comments\"><span aria-hidden=\"true\">💬</span> <span class=\"feed-comments-label\">3 comments</span></a>"))
    }

    @Test func feedScreen_afterAnImage_numbersItsItemsAfterTheShownOnes() async throws {
        let lastShown = UUID()

        let screen = try await FeedUIComposer.feedScreen(after: lastShown, shown: 10, locale: Locale(identifier: "en"), language: "en", currentDate: Date(), assets: .init()) {
            FeedPages.Page(value: Paginated(items: [uniqueImage()]))
        }

        #expect(screen.html.contains("aria-posinset=\"11\" aria-setsize=\"11\""))
        #expect(screen.html.contains("data-role=\"feed-end\">"))
    }

    @Test func feedScreen_showsTheErrorWithARetryThatReloadsTheScreen() async throws {
        let screen = try await FeedUIComposer.feedScreen(after: nil, shown: 0, locale: Locale(identifier: "en"), language: "en", currentDate: Date(), assets: .init()) {
            throw URLError(.cannotConnectToHost)
        }

        #expect(screen.isError)
        #expect(screen.html.contains("<div class=\"error-banner\" data-role=\"error\" role=\"alert\" title=\"Dismiss error message\">"))
        #expect(screen.html.contains("<a class=\"banner-action\" data-action=\"retry\" href=\"/\">Retry</a>"))
        #expect(screen.html.occurrences(of: "<article") == 0)
    }

    @Test func feedFragment_loadsOncePerRequest() async throws {
        let loader = LoaderSpy<FeedPages.Page>()
        let task = Task { try await render(loader) }

        await loader.complete(with: .success(FeedPages.Page(value: Paginated(items: [uniqueImage()]))))
        _ = try await task.value

        #expect(loader.loadCount == 1)
    }

    @Test func feedFragment_rendersLoadedItemsInOrderWithTheirLinks() async throws {
        let images = [uniqueImage(), uniqueImage(description: nil, location: nil)]

        let fragment = try await render(images, hasMore: true)

        #expect(!fragment.isError)
        #expect(fragment.html.occurrences(of: "<article") == 2)
        let first = try #require(fragment.html.range(of: "data-image-id=\"\(images[0].id.uuidString)"))
        let second = try #require(fragment.html.range(of: "data-image-id=\"\(images[1].id.uuidString)"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(fragment.html.contains("href=\"/images/\(images[0].id.uuidString)/comments\""))
        #expect(fragment.html.contains("data-src=\"/feed-images/\(images[1].id.uuidString)\""))
        #expect(fragment.html.contains("data-next-page=\"/fragments/feed?after=\(images[1].id.uuidString)&amp;shown=2\""))
        #expect(!fragment.html.contains("data-offline-notice"))
    }

    @Test func feedFragment_rendersTheLocalizedErrorMessageOnFailure() async throws {
        let fragment = try await FeedUIComposer.feedFragment(after: nil, shown: 0, locale: Locale(identifier: "pt-BR"), currentDate: fixedNow) {
            throw ConnectivityError()
        }

        #expect(fragment.isError)
        #expect(!fragment.isNotFound)
        #expect(fragment.html.contains("Não foi possível conectar com o servidor"))
        #expect(fragment.html.contains("data-reason=\"unavailable\""))
        #expect(!fragment.html.contains("<article"))
    }

    @Test func feedFragment_rendersTheLocalizedNotFoundMessageWhenTheAPISaysThePageDoesNotExist() async throws {
        let fragment = try await FeedUIComposer.feedFragment(after: UUID(), shown: 10, locale: Locale(identifier: "es"), currentDate: fixedNow) {
            throw ResourceNotFoundError()
        }

        #expect(fragment.isNotFound)
        #expect(fragment.html.contains("Esto ya no está disponible"))
        #expect(fragment.html.contains("data-reason=\"not-found\""))
    }

    @Test func feedFragment_fromTheCacheWhileOffline_saysSoAndSinceWhen() async throws {
        let savedAt = fixedNow.addingTimeInterval(-3 * 3_600)

        let fragment = try await FeedUIComposer.feedFragment(after: nil, shown: 0, locale: Locale(identifier: "en"), currentDate: fixedNow) {
            FeedPages.Page(value: Paginated(items: [uniqueImage()]), offlineCacheSavedAt: savedAt)
        }

        #expect(!fragment.isError)
        #expect(fragment.html.contains("data-offline-notice=\"Offline — showing the feed saved 3 hours ago\""))
    }

    @Test func feedFragment_keptForTheSamePage_showsWhatThePageNowHolds() async throws {
        let rendered = RenderedFeedPages()
        let image = uniqueImage(description: "before")
        let edited = FeedImage(id: image.id, description: "after", location: image.location, url: image.url)
        func fragment(_ images: [FeedImage], locale: String = "en") async throws -> String {
            try await FeedUIComposer.feedFragment(
                after: nil, shown: 0, locale: Locale(identifier: locale), currentDate: fixedNow, rendered: rendered
            ) { FeedPages.Page(value: Paginated(items: images)) }.html
        }

        let first = try await fragment([image])
        let again = try await fragment([image])
        let afterTheEdit = try await fragment([edited])
        let inPortuguese = try await fragment([edited], locale: "pt-BR")

        #expect(again == first)
        #expect(afterTheEdit.contains(">after</p>"))
        #expect(!afterTheEdit.contains(">before</p>"))
        #expect(inPortuguese != afterTheEdit)
        #expect(rendered.count == 3)
    }

    @Test func feedFragment_isCancelledWithItsRequestAndShowsNoError() async throws {
        let loader = LoaderSpy<FeedPages.Page>()
        let task = Task { try await render(loader) }
        await loader.waitForPendingLoad()

        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(loader.cancelledCount == 1)
    }

    @Test func feedFragment_afterAnImage_rendersThePageNumberedAfterTheItemsShown() async throws {
        let new = [uniqueImage()]

        let fragment = try await FeedUIComposer.feedFragment(after: UUID(), shown: 2, locale: Locale(identifier: "en"), currentDate: fixedNow) {
            FeedPages.Page(value: Paginated(items: new, loadMore: { Paginated(items: []) }))
        }

        #expect(fragment.html.occurrences(of: "<article") == 1)
        #expect(fragment.html.contains("aria-posinset=\"3\" aria-setsize=\"-1\" data-image-id=\"\(new[0].id.uuidString)\""))
        #expect(fragment.html.contains("data-next-page=\"/fragments/feed?after=\(new[0].id.uuidString)&amp;shown=3\""))
    }

    @Test func feedFragment_stopsLoadingMoreAtTheEnd() async throws {
        let fragment = try await FeedUIComposer.feedFragment(after: UUID(), shown: 1, locale: Locale(identifier: "en"), currentDate: fixedNow) {
            FeedPages.Page(value: Paginated(items: []))
        }

        #expect(fragment.html.occurrences(of: "<article") == 0)
        #expect(fragment.html.contains("data-end"))
        #expect(!fragment.html.contains("data-next-page"))
    }

    // MARK: - Helpers

    private func render(_ loader: LoaderSpy<FeedPages.Page>) async throws -> RenderedFragment {
        try await FeedUIComposer.feedFragment(after: nil, shown: 0, locale: Locale(identifier: "en"), currentDate: fixedNow, loader: loader.load)
    }

    private func render(_ images: [FeedImage], hasMore: Bool) async throws -> RenderedFragment {
        try await FeedUIComposer.feedFragment(after: nil, shown: 0, locale: Locale(identifier: "en"), currentDate: fixedNow) {
            let loadMore: Paginated<FeedImage>.LoadMore = { Paginated(items: []) }
            return FeedPages.Page(value: Paginated(items: images, loadMore: hasMore ? loadMore : nil))
        }
    }
}
