import Foundation
import GRDB
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct SQLiteFeedRepositoryTests {
    @Test func init_createsTheDatabaseFileWithItsSchema() async throws {
        let path = temporaryDatabasePath()

        let sut = try await makeRepository(path: path)

        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try await sut.feedPage(after: nil, limit: 10).isEmpty)
    }

    @Test func feedPage_readsByAnIndexRangeWhateverThePageDepth() async throws {
        let path = temporaryDatabasePath()
        _ = try await makeRepository(path: path, items: makeItems(3))
        let database = try DatabaseQueue(path: path)

        let plan = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteFeedRepository.pageQuery, arguments: [0, 10]).map { $0["detail"] as String }
        }.joined(separator: "\n")
        let positionLookup = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteFeedRepository.positionQuery, arguments: ["x"]).map { $0["detail"] as String }
        }.joined(separator: "\n")

        #expect(plan.contains("SEARCH feed_item USING INTEGER PRIMARY KEY (rowid>?)"), "\(plan)")
        #expect(!plan.contains("SCAN"), "\(plan)")
        #expect(positionLookup.contains("USING COVERING INDEX sqlite_autoindex_feed_item_1"), "\(positionLookup)")
    }

    @Test func append_storesSharedImageBytesOnceForManyItems() async throws {
        let shared = pngImage(7)
        let path = temporaryDatabasePath()
        let sut = try await makeRepository(path: path, items: [makeItem(1, image: shared), makeItem(2, image: shared)])
        try await sut.append([makeItem(3, image: shared)])

        let page = try await sut.feedPage(after: nil, limit: 10)
        let imageCount = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image") }

        #expect(Set(page.map(\.image.digest)).count == 1)
        #expect(imageCount == 1)
    }

    @Test func data_persistsAcrossReopening() async throws {
        let path = temporaryDatabasePath()
        let items = makeItems(3)
        _ = try await makeRepository(path: path, items: items)

        let reopened = try APIDatabase.open(path: path).feed

        #expect(try await reopened.feedPage(after: nil, limit: 10).map(\.id) == items.map(\.id))
    }
}
