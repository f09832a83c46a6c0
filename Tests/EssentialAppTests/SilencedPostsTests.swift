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
        let (muted, heard) = (UUID(), UUID())
        let (sut, now, api) = makeSUT(hidden: [muted])

        #expect(await sut.hidden(among: [muted, heard], token: "reader") == [muted])
        #expect(await sut.hidden(among: [heard, muted], token: "reader") == [muted])
        #expect(api.questions == [[muted, heard]])
        now.advance(by: 30)
        _ = await sut.hidden(among: [muted], token: "reader")
        #expect(api.questions.count == 2)
    }

    @Test func eachReader_isAskedForInTheirOwnName_andALongListInPagesOfFifty() async throws {
        let ids = (0..<120).map { _ in UUID() }
        let (sut, _, api) = makeSUT(hidden: [ids[70]])

        #expect(await sut.hidden(among: ids, token: "one") == [ids[70]])
        #expect(api.questions.map(\.count) == [50, 50, 20])
        #expect(api.tokens == ["one", "one", "one"])
        _ = await sut.hidden(among: [ids[0]], token: "two")
        #expect(api.tokens.last == "two", "one reader's answers are never another's")
    }

    @Test func whenTheAPICannotBeAsked_theLastAnswersStand_andOthersAreShown() async throws {
        let (muted, neverAsked) = (UUID(), UUID())
        let (sut, now, api) = makeSUT(hidden: [muted])
        _ = await sut.hidden(among: [muted], token: "reader")
        now.advance(by: 3_600)
        api.isReachable = false

        #expect(await sut.hidden(among: [muted, neverAsked], token: "reader") == [muted])
    }

    @Test func aMuteOrABlockThroughTheApp_isAskedAboutAfresh() async throws {
        let post = UUID()
        let (sut, _, api) = makeSUT(hidden: [])
        #expect(await sut.hidden(among: [post], token: "reader").isEmpty)

        api.hidden = [post]
        sut.forget(reader: "reader")
        #expect(await sut.hidden(among: [post], token: "reader") == [post])
        api.hidden = []
        sut.forgetAll()
        #expect(await sut.hidden(among: [post], token: "reader").isEmpty)
    }

    @Test func aPage_leavesOutThePostsTheReaderDoesNotHearFrom_andGoesOnWhenNoneIsLeft() async throws {
        let pages = [(0..<3).map { _ in uniqueImage() }, (0..<3).map { _ in uniqueImage() }]
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
