import EssentialFeed
import Foundation
import LogRecording
import Logging
import Testing

@testable import EssentialApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ImageCommentsLoaderTests {
    @Test func loadComments_ofAnImageTheAPIDoesNotKnow_failsAsNotFound() async throws {
        let (sut, _) = makeFeedParts(client: .online { _ in (Data("{}".utf8), 404) })

        await #expect(throws: ResourceNotFoundError()) { try await sut.comments.loadComments(for: UUID(), token: nil) }
    }

    @Test func loadComments_loadsFromRemoteEveryTime() async throws {
        let imageID = UUID()
        let client = HTTPClientStub.online { _ in (commentsJSON([("a message", "a username", "2020-05-20T11:24:59+0000")]), 200) }
        let (sut, _) = makeFeedParts(client: client)

        let first = try await sut.comments.loadComments(for: imageID, token: "a token")
        _ = try await sut.comments.loadComments(for: imageID, token: "a token")

        #expect(first.map(\.message) == ["a message"])
        #expect(client.requestedURLs == Array(repeating: ImageCommentsEndpoint.get(imageID).url(baseURL: apiBaseURL), count: 2))
    }

    @Test func loadComments_concurrentLoadsOfOneImage_shareOneAPIRequest() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeFeedParts(client: client)
        let imageID = UUID()

        let loads = (0..<3).map { _ in Task { try await sut.comments.loadComments(for: imageID, token: "a token").map(\.message) } }
        await apiRequest.waitForPendingLoad()
        await sut.comments.comments.waitUntil(waiters: loads.count, for: ReaderKey(imageID: imageID, token: "a token"))
        await apiRequest.complete(with: .success(commentsJSON([("hello", "ana", "2020-05-20T11:24:59+0000")])))

        for load in loads {
            #expect(try await load.value == ["hello"])
        }
        #expect(client.requestedURLs.count == 1)
    }

    @Test func loadComments_ofTwoReaders_areNeverShared() async throws {
        let apiRequest = LoaderSpy<Data>()
        let client = HTTPClientStub { url in
            (try await apiRequest.load(), HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!)
        }
        let (sut, _) = makeFeedParts(client: client)
        let imageID = UUID()

        let first = Task { try await sut.comments.loadComments(for: imageID, token: "ann's token") }
        await apiRequest.waitForPendingLoad()
        let second = Task { try await sut.comments.loadComments(for: imageID, token: "ben's token") }
        await apiRequest.waitUntil(pendingLoads: 2)
        await apiRequest.complete(with: .success(commentsJSON([])))
        await apiRequest.complete(with: .success(commentsJSON([])))

        _ = try await (first.value, second.value)
        #expect(client.requestedURLs.count == 2, "each reader asks the API as themselves")
    }
}
