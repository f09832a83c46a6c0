import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("GET /metrics")
struct MetricsRouteTests {
    @Test func metrics_countRequestsByRouteAndStatus_andTheResponseCachesHitsAndMisses() async throws {
        let database = try await makeDatabase(items: makeItems(3))
        let app = Application(router: try buildRouter(repository: database.feed, accounts: database.accounts, news: database.news, publicURL: testPublicURL))

        try await app.test(.router) { client in
            for _ in 0..<2 {
                _ = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)
            }
            _ = try await client.execute(uri: "/essential-feed/v1/feed?limit=0", method: .get)
            _ = try await client.execute(uri: "/essential-feed/v1/image/\(UUID().uuidString)/comments", method: .get)
            let response = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: response.body)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(text.contains(#"http_requests_total{method="GET",route="/essential-feed/v1/feed",status="200"} 2"#), "\(text)")
            #expect(text.contains(#"http_requests_total{method="GET",route="/essential-feed/v1/feed",status="400"} 1"#), "\(text)")
            #expect(text.contains(#"http_requests_total{method="GET",route="/essential-feed/v1/image/{image-id}/comments",status="404"} 1"#), "\(text)")
            // The first page, then the query the cache did not know either (and refused).
            #expect(text.contains(#"response_cache_lookups_total{cache="feed",result="miss"} 2"#), "\(text)")
            #expect(text.contains(#"response_cache_lookups_total{cache="feed",result="hit"} 1"#), "\(text)")
            #expect(text.contains("http_request_duration_seconds_bucket"), "\(text)")
        }
    }
}
