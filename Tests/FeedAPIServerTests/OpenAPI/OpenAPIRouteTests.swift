import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ProgramVersion
import Testing
import Yams

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct OpenAPIRouteTests {
    @Test func getOpenAPIDocument_deliversTheBundledDocumentAsYAML() async throws {
        let (app, _) = try await makeSUT()

        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/essential-feed/openapi.yaml", method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            #expect(Data(buffer: response.body) == (try openAPIDocument()))
        }
    }

    @Test func document_carriesTheProgramsVersion() throws {
        let yaml = try #require(try Yams.load(yaml: String(decoding: try openAPIDocument(), as: UTF8.self)) as? [String: Any])

        #expect((yaml["info"] as? [String: Any])?["version"] as? String == ProgramVersion.number)
    }

    @Test func document_describesExactlyTheRoutesTheRouterServes() async throws {
        let database = try await makeDatabase()
        let router = try buildRouter(
            repository: database.feed, accounts: database.accounts, news: database.news, social: database.social, changes: database.changes,
            moderation: database.moderation, publicURL: testPublicURL, options: Self.optionsWithEveryRoute(database))
        _ = router.buildResponder()
        let served = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })

        let yaml = try #require(try Yams.load(yaml: String(decoding: try openAPIDocument(), as: UTF8.self)) as? [String: Any])
        let paths = try #require(yaml["paths"] as? [String: [String: Any]])
        let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        let documented = Set(
            paths.flatMap { path, operations in
                operations.keys.filter(httpMethods.contains).map { "\($0.uppercased()) \(path)" }
            })

        #expect(served.subtracting(documented).isEmpty, "served but not documented")
        #expect(documented.subtracting(served).isEmpty, "documented but not served")
        #expect(!served.isEmpty)
    }

    private static func optionsWithEveryRoute(_ database: APIDatabase) -> APIRouteOptions {
        var options = APIRouteOptions()
        options.archives = personalArchiveJobs(
            in: FileManager.default.temporaryDirectory.appendingPathComponent("archives-\(UUID().uuidString)"), storage: database,
            threads: .singleton, logger: Logger(label: "test"))
        return options
    }

    private func openAPIDocument() throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FeedAPIServer/OpenAPI/openapi.yaml")
        return try Data(contentsOf: url)
    }
}
