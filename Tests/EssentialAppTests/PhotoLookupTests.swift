import EssentialFeed
import Foundation
import LogRecording
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PhotoLookupTests {
    @Test func loadImageData_ofAnImageOfAReplacedFeed_stillLoads() async throws {
        let replaced = uniqueImage()
        let client = HTTPClientStub.online { url in
            url == replaced.url ? (pngData, 200) : (feedJSON([uniqueImage()]), 200)
        }
        let (sut, store) = makeFeedParts(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([replaced])
        _ = try await sut.pages.loadFeed()

        #expect(try await sut.photos.loadImageData(for: replaced.id) == pngData)
    }

    @Test func loadImageData_loadsRemoteDataOnceThenFromTheCache() async throws {
        let image = uniqueImage()
        let client = HTTPClientStub.online { url in
            url == image.url ? (pngData, 200) : (feedJSON([image]), 200)
        }
        let (sut, _) = makeFeedParts(client: client)
        _ = try await sut.pages.loadFeed()

        #expect(try await sut.photos.loadImageData(for: image.id) == pngData)
        #expect(try await sut.photos.loadImageData(for: image.id) == pngData)
        #expect(client.requestedURLs.filter { $0 == image.url }.count == 1)
    }

    @Test func loadImageData_neverFetchesAnImageNotInTheFeed() async throws {
        let client = HTTPClientStub.online { _ in (feedJSON([uniqueImage()]), 200) }
        let (sut, _) = makeFeedParts(client: client)
        _ = try await sut.pages.loadFeed()

        await #expect(throws: PhotoLookup.Error.unknownImage) { try await sut.photos.loadImageData(for: UUID()) }
        #expect(client.requestedURLs.count == 1)
    }

    @Test func loadPhoto_deliversTheAPIsItem_freshEvenWhenCached() async throws {
        let cached = uniqueImage()
        let remote = FeedImage(id: cached.id, description: "now described", location: nil, url: cached.url, commentCount: 4)
        let client = HTTPClientStub.online { _ in (itemJSON(remote), 200) }
        let (sut, store) = makeFeedParts(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save([cached])

        let photo = try await sut.photos.loadPhoto(withID: cached.id, token: nil)

        #expect(photo.value == remote)
        #expect(photo.offlineCacheSavedAt == nil)
        #expect(client.requestedURLs == [FeedItemEndpoint.get(cached.id).url(baseURL: apiBaseURL)])
    }

    @Test func loadPhoto_whenTheAPIIsUnreachable_deliversTheCachedItemSayingSinceWhen_andFailsForOneNotCached() async throws {
        let cached = [uniqueImage(), uniqueImage()]
        let savedAt = fixedNow.adding(days: -1)
        let (sut, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { savedAt }).save(cached)

        let photo = try await sut.photos.loadPhoto(withID: cached[1].id, token: nil)

        #expect(photo.value == cached[1])
        #expect(photo.offlineCacheSavedAt == savedAt)
        await #expect(throws: ConnectivityError.self) { try await sut.photos.loadPhoto(withID: UUID(), token: nil) }
    }

    @Test func loadPhoto_doesNotStandInWithACacheOlderThanSevenDays_orForAPhotoTheAPISaysDoesNotExist() async throws {
        let cached = [uniqueImage()]
        let (offline, store) = makeFeedParts(client: .offline)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow.adding(days: -7) }).save(cached)
        await #expect(throws: ConnectivityError.self) { try await offline.photos.loadPhoto(withID: cached[0].id, token: nil) }

        let (sut, freshStore) = makeFeedParts(client: .online { _ in (Data(), 404) })
        try await LocalFeedLoader(store: freshStore, currentDate: { fixedNow }).save(cached)
        await #expect(throws: ResourceNotFoundError.self) { try await sut.photos.loadPhoto(withID: cached[0].id, token: nil) }
    }

    @Test func loadImageData_findsTheAddressOfAPhotoSeenOnlyOnItsOwn() async throws {
        let chosen = uniqueImage()
        let imageData = Data("image bytes".utf8)
        let client = HTTPClientStub.online { url in
            url == chosen.url ? (imageData, 200) : (itemJSON(chosen), 200)
        }
        let (sut, _) = makeFeedParts(client: client)
        await #expect(throws: PhotoLookup.Error.unknownImage) { try await sut.photos.loadImageData(for: chosen.id) }

        _ = await sut.random.load()

        #expect(try await sut.photos.loadImageData(for: chosen.id) == imageData)
    }

    @Test func neighbours_areThePhotosBeforeAndAfterInTheCachedFeed_loadingTheNextPageAtItsEnd() async throws {
        let cached = [uniqueImage(), uniqueImage(), uniqueImage()]
        let nextPage = [uniqueImage()]
        let client = HTTPClientStub.online { _ in (feedJSON(nextPage), 200) }
        let (sut, store) = makeFeedParts(client: client)
        try await LocalFeedLoader(store: store, currentDate: { fixedNow }).save(cached)

        #expect(await sut.photos.neighbours(of: cached[1].id) == PhotoLookup.Neighbours(previous: cached[0].id, next: cached[2].id))
        #expect(await sut.photos.neighbours(of: cached[0].id) == PhotoLookup.Neighbours(previous: nil, next: cached[1].id))
        #expect(client.requestedURLs.isEmpty)

        #expect(await sut.photos.neighbours(of: cached[2].id) == PhotoLookup.Neighbours(previous: cached[1].id, next: nextPage[0].id))
        #expect(client.requestedURLs == [FeedEndpoint.url(baseURL: apiBaseURL, afterImageWithID: cached[2].id)])
        #expect(await sut.photos.neighbours(of: UUID()) == PhotoLookup.Neighbours(previous: nil, next: nil))
    }
}
