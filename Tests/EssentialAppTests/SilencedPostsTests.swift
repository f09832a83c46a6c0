import EssentialFeed
import Foundation
import Synchronization
import Testing

@testable import EssentialApp

/// Which posts of the shared feed a reader does not hear from: asked of the API a page at a
/// time, kept a short while per reader, and left out of that reader's pages.
struct SilencedPostsTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aPage_isAskedAboutOnce_thenAgainOnlyWhenTheAnswersExpire() async throws {
        let (muted, heard) = (post(), post())
        let (sut, now, api) = makeSUT(hidden: [muted.id])

        #expect(await sut.hidden(among: [muted, heard], token: "reader") == [muted.id])
        #expect(await sut.hidden(among: [heard, muted], token: "reader") == [muted.id])
        #expect(api.questions == [[muted.id, heard.id]])
        now.advance(by: 30)
        _ = await sut.hidden(among: [muted], token: "reader")
        #expect(api.questions.count == 2)
    }

    @Test func eachReader_isAskedForInTheirOwnName_andALongListInPagesOfFifty() async throws {
        let posts = (0..<120).map { _ in post() }
        let (sut, _, api) = makeSUT(hidden: [posts[70].id])

        #expect(await sut.hidden(among: posts, token: "one") == [posts[70].id])
        #expect(api.questions.map(\.count) == [50, 50, 20])
        #expect(api.tokens == ["one", "one", "one"])
        _ = await sut.hidden(among: [posts[0]], token: "two")
        #expect(api.tokens.last == "two", "one reader's answers are never another's")
    }

    @Test func whenTheAPICannotBeAsked_theLastAnswersStand_theirAuthorsPostsGoToo_andOthersAreShown() async throws {
        let (muted, neverAsked) = (post(by: "mallory"), post(by: "rita"))
        let (sut, now, api) = makeSUT(hidden: [muted.id])
        _ = await sut.hidden(among: [muted, post(by: "rita")], token: "reader")
        now.advance(by: 3_600)
        api.isReachable = false

        let laterByMallory = post(by: "Mallory")
        #expect(await sut.hidden(among: [muted, neverAsked, laterByMallory], token: "reader") == [muted.id, laterByMallory.id])
        #expect(await sut.hidden(among: [laterByMallory], token: "another reader").isEmpty, "what one reader silenced is theirs")
    }

    @Test func aMuteOrABlockThroughTheApp_isAskedAboutAfresh_andHoldsWhileTheAPICannotBeAsked() async throws {
        let byRita = post(by: "rita")
        let (sut, _, api) = makeSUT(hidden: [])
        #expect(await sut.hidden(among: [byRita], token: "reader").isEmpty)

        api.hidden = [byRita.id]
        sut.relationChanged(to: "Rita", silenced: true, reader: "reader")
        #expect(await sut.hidden(among: [byRita], token: "reader") == [byRita.id])
        api.isReachable = false
        sut.relationChanged(to: "rita", silenced: true, reader: "reader")
        #expect(await sut.hidden(among: [post(by: "rita")], token: "reader").count == 1, "a post never asked about, by someone muted")
        sut.relationChanged(to: "rita", silenced: false, reader: "reader")
        #expect(await sut.hidden(among: [post(by: "rita")], token: "reader").isEmpty)

        api.isReachable = true
        api.hidden = []
        sut.forgetAll()
        #expect(await sut.hidden(among: [byRita], token: "reader").isEmpty)
    }

    @Test func aPage_leavesOutThePostsTheReaderDoesNotHearFrom_andGoesOnWhenNoneIsLeft() async throws {
        let pages = [(0..<3).map { _ in post() }, (0..<3).map { _ in post() }]
        let (sut, _, _) = makeSUT(hidden: Set(pages[0].map(\.id) + [pages[1][0].id]))
        let first = FeedPages.Page(value: Paginated(items: pages[0], loadMore: { Paginated(items: []) }), offlineCacheSavedAt: start)
        let loadedAfter = Mutex<[UUID]>([])

        let shown = try await sut.leavingOut(of: first, for: "reader") { after in
            loadedAfter.withLock { $0.append(after) }
            return FeedPages.Page(value: Paginated(items: pages[1], loadMore: { Paginated(items: []) }))
        }

        #expect(shown.value.items.map(\.id) == pages[1].dropFirst().map(\.id))
        #expect(shown.value.loadMore != nil, "more may follow")
        #expect(loadedAfter.withLock { $0 } == [pages[0][2].id], "the next page after the last post loaded, not shown")
        let anonymous = try await sut.leavingOut(of: first, for: nil) { _ in
            Issue.record("loaded more")
            return first
        }
        #expect(anonymous.value.items.map(\.id) == pages[0].map(\.id), "nobody to leave anything out for")
    }

    @Test func manyPagesLeftOut_inARow_areOfferedAsMoreToLoad_neverAsTheEnd() async throws {
        let pages = (0..<8).map { _ in (0..<3).map { _ in post() } }
        let (sut, _, _) = makeSUT(hidden: Set(pages.flatMap { $0 }.map(\.id)))
        let loads = Mutex(0)
        let loadMore: Paginated<FeedImage>.LoadMore = { Paginated(items: []) }
        func page(_ index: Int) -> FeedPages.Page {
            FeedPages.Page(value: Paginated(items: pages[index], loadMore: index == pages.count - 1 ? nil : loadMore))
        }

        let shown = try await sut.leavingOut(of: page(0), for: "reader") { after in
            let next = loads.withLock { loads in
                loads += 1
                return loads
            }
            #expect(after == pages[next - 1].last?.id)
            return page(next)
        }

        #expect(shown.value.items.isEmpty && shown.value.loadMore != nil)
        #expect(shown.resumesAfter == pages[4].last?.id, "the next page starts after the last one read")
        #expect(FeedViewAdapter.page(from: shown, shown: 3, currentDate: start, locale: Locale(identifier: "en")).nextPageURL != nil)
        let atTheEnd = try await sut.leavingOut(of: page(7), for: "reader") { _ in page(7) }
        #expect(atTheEnd.value.items.isEmpty && atTheEnd.value.loadMore == nil && atTheEnd.resumesAfter == nil, "the real end")
    }

    private func post(by username: String = "someone") -> FeedImage {
        FeedImage(id: UUID(), description: nil, location: nil, url: URL(fileURLWithPath: "/image"), author: User(username: username, name: username))
    }

    private func makeSUT(hidden: Set<UUID>) -> (SilencedPosts, Now, FakeAPI) {
        let now = Now(start)
        let api = FakeAPI(hidden: hidden)
        return (SilencedPosts(validFor: 30, currentDate: now.date, ask: api.ask), now, api)
    }
}

/// The API's `/v1/me/hidden`: what it was asked, and in whose name.
private final class FakeAPI: Sendable {
    private let state: Mutex<(hidden: Set<UUID>, reachable: Bool, questions: [[UUID]], tokens: [String])>

    init(hidden: Set<UUID>) {
        state = Mutex((hidden, true, [], []))
    }

    var hidden: Set<UUID> {
        get { state.withLock { $0.hidden } }
        set { state.withLock { $0.hidden = newValue } }
    }
    var isReachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }
    var questions: [[UUID]] { state.withLock { $0.questions } }
    var tokens: [String] { state.withLock { $0.tokens } }

    var ask: SilencedPosts.Ask {
        { ids, token in
            self.state.withLock { state in
                state.questions.append(ids)
                state.tokens.append(token)
                return state.reachable ? state.hidden.intersection(ids) : nil
            }
        }
    }
}
