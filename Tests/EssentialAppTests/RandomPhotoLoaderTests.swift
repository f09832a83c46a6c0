import EssentialFeed
import Foundation
import LogRecording
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RandomPhotoLoaderTests {
    @Test func loadRandomPhoto_deliversTheAPIsChoice_andNothingWhenTheAPIFails() async throws {
        let chosen = uniqueImage()
        let client = HTTPClientStub.online { _ in (itemJSON(chosen), 200) }
        let (sut, _) = makeFeedParts(client: client)

        #expect(await sut.random.load() == chosen)
        #expect(client.requestedURLs == [FeedItemEndpoint.random.url(baseURL: apiBaseURL)])

        let (offline, _) = makeFeedParts(client: .offline)
        #expect(await offline.random.load() == nil)
        let (empty, _) = makeFeedParts(client: .online { _ in (Data(), 404) })
        #expect(await empty.random.load() == nil)
    }
}
