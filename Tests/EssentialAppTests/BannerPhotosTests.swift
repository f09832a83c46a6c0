import EssentialFeed
import Synchronization
import Testing

@testable import EssentialApp

@Suite struct BannerPhotosTests {
    @Test func photoForScreen_isOneOfTheScreensPhotos_askingTheAPINothing() {
        let items = [uniqueImage(), uniqueImage(), uniqueImage()]
        let (sut, api) = makeSUT(apiChoices: [uniqueImage()], pickingIndex: 2)

        #expect(sut.photoForScreen(showing: items) == items[2])
        #expect(sut.photoForScreen(showing: []) == nil)
        #expect(api.requestCount == 0)
    }

    @Test func refreshedPhoto_isTheAPIsNewChoice_whichLaterScreensMayShow() async {
        let chosen = uniqueImage()
        let items = [uniqueImage()]
        let (sut, api) = makeSUT(apiChoices: [chosen], pickingIndex: 0)

        #expect(await sut.refreshedPhoto() == chosen)
        #expect(api.requestCount == 1)
        #expect(sut.photoForScreen(showing: items) == chosen, "the API's choices come before the screen's photos")
        #expect(api.requestCount == 1)
    }

    @Test func photoForScreen_isNeverOneItsReaderDoesNotHearFrom() async {
        let (muted, heard) = (uniqueImage(), uniqueImage())
        let (sut, _) = makeSUT(apiChoices: [muted], pickingIndex: 0)
        _ = await sut.refreshedPhoto()

        #expect(sut.lastChoices == [muted])
        #expect(sut.photoForScreen(showing: [heard], leavingOut: [muted.id]) == heard)
        #expect(sut.photoForScreen(showing: [muted], leavingOut: [muted.id]) == nil)
    }

    @Test func refreshedPhoto_withoutTheAPI_isAnEarlierChoice_elseACachedPhoto_elseNothing() async {
        let earlier = uniqueImage()
        let cached = [uniqueImage(), uniqueImage()]
        let (withChoice, _) = makeSUT(apiChoices: [earlier, nil], cachedFeed: cached, pickingIndex: 0)
        _ = await withChoice.refreshedPhoto()
        #expect(await withChoice.refreshedPhoto() == earlier)

        let (withCache, _) = makeSUT(apiChoices: [nil], cachedFeed: cached, pickingIndex: 1)
        #expect(await withCache.refreshedPhoto() == cached[1])

        let (withNothing, _) = makeSUT(apiChoices: [nil], cachedFeed: [], pickingIndex: 0)
        #expect(await withNothing.refreshedPhoto() == nil)
    }

    @Test func choices_areBounded_oncePerPhoto_theOldestOutFirst() async {
        let photos = (0..<4).map { _ in uniqueImage() }
        let (sut, _) = makeSUT(capacity: 2, apiChoices: [photos[0], photos[1], photos[1], photos[2], photos[3]], pickingIndex: 0)
        for _ in 0..<5 { _ = await sut.refreshedPhoto() }

        #expect(sut.photoForScreen(showing: []) == photos[2], "two kept: the last two distinct choices")
    }

    @Test func anIndexOutOfRange_isKeptWithinThePhotos() {
        let items = [uniqueImage(), uniqueImage()]
        let (sut, _) = makeSUT(apiChoices: [], pickingIndex: 7)

        #expect(sut.photoForScreen(showing: items) == items[1])
    }

    // MARK: - Helpers

    private func makeSUT(
        capacity: Int = 16, apiChoices: [FeedImage?], cachedFeed: [FeedImage] = [], pickingIndex index: Int
    ) -> (BannerPhotos, APISpy) {
        let api = APISpy(choices: apiChoices)
        let sut = BannerPhotos(
            keeping: capacity,
            loadFromAPI: { api.next() },
            cachedFeed: { cachedFeed },
            randomIndex: { _ in index })
        return (sut, api)
    }

    private final class APISpy: Sendable {
        private let state: Mutex<(choices: [FeedImage?], requests: Int)>

        init(choices: [FeedImage?]) {
            state = Mutex((choices, 0))
        }

        var requestCount: Int {
            state.withLock { $0.requests }
        }

        func next() -> FeedImage? {
            state.withLock { state in
                state.requests += 1
                return state.choices.isEmpty ? nil : state.choices.removeFirst()
            }
        }
    }
}
