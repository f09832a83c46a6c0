import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import Testing

@Suite struct ResourceStoreTests {
    @Test func inMemoryStore_behavesAsEveryResourceStore() async throws {
        try await ResourceStoreSpecs.runAll { InMemoryResourceStore() }
    }

    @Test func grdbStore_behavesAsEveryResourceStore_inMemoryAndOnAFile() async throws {
        try await ResourceStoreSpecs.runAll { try GRDBFeedStore.inMemory() }
        try await ResourceStoreSpecs.runAll {
            try GRDBFeedStore(path: FileManager.default.temporaryDirectory.appending(path: "resources-\(UUID().uuidString).sqlite").path)
        }
    }

    @Test func resourcesSurviveReopeningTheFile_besideTheFeed() async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "resources-\(UUID().uuidString).sqlite").path
        let timestamp = Date(timeIntervalSince1970: 1_700_000_000)
        try await GRDBFeedStore(path: path).insert(Data("the news".utf8), forKey: "news/list", timestamp: timestamp)

        let reopened = try GRDBFeedStore(path: path)

        #expect(try await reopened.retrieveResource(forKey: "news/list") == CachedResource(data: Data("the news".utf8), timestamp: timestamp))
        #expect(try await reopened.retrieve() == nil)
    }
}
