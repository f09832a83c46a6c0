import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("The API compresses its JSON and keeps revalidation working")
struct FeedCompressionTests {
    @Test func feed_isGzippedForAClientThatTakesGzip_andItsWeakTagStillRevalidates() async throws {
        let (app, _) = try await makeSUT(items: makeItems(10))

        try await app.test(.router) { client in
            let tag = try await client.execute(uri: "/essential-feed/v1/feed", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.eTag]?.hasPrefix("W/\"") == true)
                return response.headers[.eTag] ?? ""
            }

            try await client.execute(uri: "/essential-feed/v1/feed", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
            }
        }
    }

    @Test func head_answersEveryGetRoute() async throws {
        let (app, _) = try await makeSUT(items: makeItems(1))

        try await app.test(.router) { client in
            for uri in ["/essential-feed/v1/feed", "/essential-feed/openapi.yaml"] {
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes == 0, "\(uri)")
                }
            }
        }
    }
}
