import EssentialFeed
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Requests to the allowed origins only")
struct OriginRestrictedHTTPClientTests {
    private let api = URL(string: "http://api.example.com:8081/essential-feed")!

    @Test func sendsToAnAllowedOrigin_whateverThePathOrCaseOfItsHost() async throws {
        let (sut, spy) = makeSUT()
        _ = try await sut.get(from: URL(string: "http://API.example.com:8081/essential-feed/v1/images/a.jpg")!)
        _ = try await sut.send(URLRequest(url: URL(string: "http://api.example.com:8081/essential-feed/v1/feed")!))
        #expect(spy.requestedURLs.count == 2)
    }

    @Test(arguments: [
        "http://api.example.com:8082/essential-feed/v1/images/a.jpg",
        "https://api.example.com:8081/a.jpg",
        "http://evil.example.com/a.jpg",
        "http+unix://%2Frun%2Fdocker.sock/containers/json",
        "file:///etc/passwd",
        "ftp://api.example.com:8081/a.jpg",
        "http://user:pass@api.example.com:8081/a.jpg"
    ])
    func refusesAnyOtherOrigin_scheme_orCredentials_withoutSendingAnything(_ text: String) async throws {
        let (sut, spy) = makeSUT()
        let url = try #require(URL(string: text))
        await #expect(throws: OriginRestrictedHTTPClient.DisallowedURLError(url: url)) { try await sut.get(from: url) }
        await #expect(throws: OriginRestrictedHTTPClient.DisallowedURLError(url: url)) { try await sut.send(URLRequest(url: url)) }
        #expect(spy.requestedURLs.isEmpty)
    }

    @Test func theDefaultPortOfTheSchemeIsThePortOfAURLWithout() async throws {
        let (sut, spy) = makeSUT(origins: [URL(string: "https://cdn.example.com")!])
        _ = try await sut.get(from: URL(string: "https://cdn.example.com:443/a.jpg")!)
        #expect(spy.requestedURLs.count == 1)
    }

    // MARK: - Helpers

    private func makeSUT(origins: [URL]? = nil) -> (OriginRestrictedHTTPClient, ClientSpy) {
        let spy = ClientSpy()
        let allowed = Set((origins ?? [api]).compactMap(OriginRestrictedHTTPClient.Origin.init))
        return (OriginRestrictedHTTPClient(decoratee: spy, allowedOrigins: allowed), spy)
    }

    private final class ClientSpy: HTTPClient, @unchecked Sendable {
        private(set) var requestedURLs: [URL] = []

        func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
            try await send(URLRequest(url: url))
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let url = try #require(request.url)
            requestedURLs.append(url)
            return (Data(), try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)))
        }
    }
}
