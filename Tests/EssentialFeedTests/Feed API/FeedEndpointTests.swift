import EssentialFeed
import Foundation
import Testing

@Suite struct FeedEndpointTests {
    @Test(arguments: [
        ("http://127.0.0.1:8081/essential-feed", "http://127.0.0.1:8081/essential-feed/v1/feed?limit=10"),
        ("http://127.0.0.1:8081/essential-feed/", "http://127.0.0.1:8081/essential-feed/v1/feed?limit=10"),
        ("https://base-url.com", "https://base-url.com/v1/feed?limit=10"),
        ("https://base-url.com/", "https://base-url.com/v1/feed?limit=10"),
        ("https://base-url.com/essential-feed", "https://base-url.com/essential-feed/v1/feed?limit=10"),
        ("https://base-url.com:8443/nested/base/path", "https://base-url.com:8443/nested/base/path/v1/feed?limit=10")
    ])
    func get_buildsFirstPageURLKeepingBaseSchemeHostPortAndPath(base: String, expected: String) {
        let received = FeedEndpoint.get().url(baseURL: URL(string: base)!)

        #expect(received.absoluteString == expected)
    }

    @Test func get_requestsTenItemsWithoutAfterIDForFirstPage() throws {
        let received = FeedEndpoint.get().url(baseURL: URL(string: "http://base-url.com")!)

        let components = try #require(URLComponents(url: received, resolvingAgainstBaseURL: false))
        #expect(components.queryItems == [URLQueryItem(name: "limit", value: "10")])
    }

    @Test func getAfterImage_requestsTenItemsAfterThatImageID() throws {
        let image = FeedImage(id: UUID(), description: nil, location: nil, url: anyURL())

        let received = FeedEndpoint.get(after: image).url(baseURL: URL(string: "http://127.0.0.1:8081/essential-feed")!)

        let components = try #require(URLComponents(url: received, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "http")
        #expect(components.host == "127.0.0.1")
        #expect(components.port == 8081)
        #expect(components.path == "/essential-feed/v1/feed")
        #expect(
            components.queryItems == [
                URLQueryItem(name: "limit", value: "10"),
                URLQueryItem(name: "after_id", value: image.id.uuidString)
            ])
    }

    @Test func urlAfterImageID_isTheURLOfThePageAfterAnImageWithThatID() {
        let image = FeedImage(id: UUID(), description: nil, location: nil, url: anyURL())
        let base = URL(string: "http://127.0.0.1:8081/essential-feed")!

        #expect(FeedEndpoint.url(baseURL: base, afterImageWithID: image.id) == FeedEndpoint.get(after: image).url(baseURL: base))
        #expect(FeedEndpoint.url(baseURL: base, afterImageWithID: nil) == FeedEndpoint.get().url(baseURL: base))
    }
}
