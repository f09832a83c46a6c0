import EssentialFeed
import Foundation
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct PostingTests {
    @Test func postPhoto_thatTheAPITook_makesTheNextFirstPageLoadAfresh() async throws {
        let posted = uniqueImage()
        let parts = makeFeedParts(client: .online { _ in (itemJSON(posted), 201) }, store: InMemoryFeedStore())
        let sut = makePosting(client: .online { _ in (itemJSON(posted), 201) }, pages: parts.pages)
        let before = parts.pages.feedRevision

        #expect(try await sut.postPhoto(NewFeedImage(data: Data("photo".utf8)), token: "a token") == posted)

        #expect(parts.pages.feedRevision != before)
    }

    @Test func postPhoto_thatTheAPIRefused_leavesTheFirstPageAsItWas() async throws {
        let parts = makeFeedParts(client: .offline, store: InMemoryFeedStore())
        let sut = makePosting(client: .online { _ in (Data(), 415) }, pages: parts.pages)
        let before = parts.pages.feedRevision

        await #expect(throws: PostedFeedImageMapper.Error.unsupportedType) {
            try await sut.postPhoto(NewFeedImage(data: Data("not a photo".utf8)), token: "a token")
        }

        #expect(parts.pages.feedRevision == before)
    }

    @Test func posts_actAsThePerson_withTheirToken() async throws {
        let client = HTTPClientStub.online { _ in (itemJSON(uniqueImage()), 201) }
        let sut = makePosting(client: client, pages: makeFeedParts(client: .offline, store: InMemoryFeedStore()).pages)

        _ = try await sut.postPhoto(NewFeedImage(data: Data("photo".utf8)), token: "the person's token")

        #expect(client.requestedHeaders.map { $0["Authorization"] } == ["Bearer the person's token"])
    }

    private func makePosting(client: HTTPClientStub, pages: FeedPages) -> Posting {
        Posting(httpClient: client, baseURL: apiBaseURL, pages: pages, logger: Logger(label: "test"))
    }
}
