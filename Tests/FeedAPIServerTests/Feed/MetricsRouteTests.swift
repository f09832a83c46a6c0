import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import PostgresSupport
import PostgresTestCluster
import Testing

@testable import FeedAPIPostgres
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

@Suite("GET /metrics: the database pool and the uploads")
struct PoolAndUploadMetricsTests {
    @Test(.tags(.postgres), .needsPostgreSQL) func onPostgreSQL_metricsTellThePoolsSizeOperationsAndTheirDurations() async throws {
        let metrics = ServerMetrics()
        let database = try PostgresAPIDatabase(url: try PostgresTestCluster.newDatabaseURL(), poolSize: 3, operationDeadline: PostgresTestCluster.patientDeadline, metrics: metrics.factory)
        Task.detached { await database.run() }
        try await database.migrate()
        try await database.feed.append(makeItems(2))
        let app = Application(
            responder: try buildResponder(
                repository: database.feed, accounts: database.accounts, news: database.news, publicURL: testPublicURL, metrics: metrics))

        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/essential-feed/v1/feed", method: .get)
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)

            #expect(text.contains("database_pool_connections_max 3"), "\(text)")
            #expect(text.contains("database_operations_in_flight 0"), "\(text)")
            #expect(text.contains("database_operations_waiting_for_connection 0"), "\(text)")
            #expect(try #require(Self.value(of: "database_operation_duration_seconds_count", in: text)) >= 1, "\(text)")
        }
    }

    @Test func operationsBeyondThePoolsConnections_areCountedAsWaiting() async throws {
        let metrics = ServerMetrics()
        let pool = PoolUse(connections: 2, reserved: 1, metrics: metrics.factory)
        let (held, release) = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    await pool.measure {
                        started.continuation.yield()
                        for await _ in held {}
                    }
                }
            }
            var count = 0
            for await _ in started.stream {
                count += 1
                if count == 3 { break }
            }
            let during = metrics.exposition
            release.finish()
            try await group.waitForAll()

            #expect(during.contains("database_operations_in_flight 3"), "\(during)")
            #expect(during.contains("database_operations_waiting_for_connection 2"), "\(during)")
            #expect(during.contains("database_operation_waits_total 2"), "\(during)")
        }
        #expect(metrics.exposition.contains("database_operations_in_flight 0"))
        #expect(metrics.exposition.contains("database_operations_waiting_for_connection 0"))
    }

    @Test func uploadsInProgress_andThoseTurnedAway_areCounted() {
        let metrics = ServerMetrics()
        let admission = UploadAdmission(total: 2, perPerson: 1, metrics: metrics.factory)

        let first = admission.admit("alice")
        _ = admission.admit("alice")
        _ = admission.admit("bob")
        _ = admission.admit("carol")
        let during = metrics.exposition
        if case let .success(ticket) = first { ticket.release() }

        #expect(during.contains("uploads_in_progress 2"), "\(during)")
        #expect(during.contains(#"uploads_refused_total{reason="person_at_limit"} 1"#), "\(during)")
        #expect(during.contains(#"uploads_refused_total{reason="full"} 1"#), "\(during)")
        #expect(metrics.exposition.contains("uploads_in_progress 1"))
    }

    private static func value(of series: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
