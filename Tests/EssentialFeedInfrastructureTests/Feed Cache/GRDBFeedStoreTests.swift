import EssentialFeed
import Foundation
import GRDB
import Testing

@testable import EssentialFeedInfrastructure

/// What is particular to the GRDB store; the shared contract is in `FeedStoreSpecs`.
@Suite("GRDBFeedStore")
final class GRDBFeedStoreTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test(arguments: InvalidFile.notDatabases)
    func init_throwsOnAFileThatIsNotASQLiteDatabase(_ invalid: InvalidFile) throws {
        let path = directory.file().path
        try invalid.contents.write(to: URL(fileURLWithPath: path))

        #expect(throws: (any Error).self) { try GRDBFeedStore(path: path) }
    }

    @Test(arguments: InvalidFile.notDatabases)
    func init_onAFileThatIsNotASQLiteDatabase_throwsAnErrorThatSaysTheFileIsDamaged(_ invalid: InvalidFile) throws {
        let path = directory.file().path
        try invalid.contents.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: (any Error).self) { try GRDBFeedStore(path: path) }

        #expect(error.map(GRDBFeedStore.isDamagedFile) == true)
    }

    @Test func init_onAPathInAMissingDirectory_throwsAnErrorThatDoesNotBlameTheFile() throws {
        let path = directory.url.appendingPathComponent("missing/feed-cache.sqlite").path

        let error = #expect(throws: (any Error).self) { try GRDBFeedStore(path: path) }

        #expect(error.map(GRDBFeedStore.isDamagedFile) == false)
    }

    @Test func init_leavesAFileThatIsNotASQLiteDatabaseUntouched() throws {
        let url = directory.file()
        let contents = Data("someone else's notes, not a database".utf8)
        try contents.write(to: url)

        _ = try? GRDBFeedStore(path: url.path)

        #expect(try Data(contentsOf: url) == contents)
    }

    @Test func init_throwsOnAPathInAMissingDirectory() throws {
        let path = directory.url.appendingPathComponent("missing/feed-cache.sqlite").path

        #expect(throws: (any Error).self) { try GRDBFeedStore(path: path) }
    }

    @Test func anEarlierCache_keepsItsFeedAndTakesPhotoDetailsOnceMigrated() async throws {
        let path = directory.file().path
        let earlierImage = LocalFeedImage(
            id: UUID(), description: "kept", location: nil, url: URL(string: "https://a.example/i.jpg")!, commentCount: 2)
        do {
            let queue = try DatabaseQueue(path: path)
            try GRDBFeedStore.migrator.migrate(queue, upTo: "Keep who posted each image")
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO feedCache (id, timestamp) VALUES (1, ?)", arguments: [Date(timeIntervalSince1970: 1_800_000_000)])
                try db.execute(
                    sql: "INSERT INTO feedImage (position, id, description, url, commentCount) VALUES (0, ?, 'kept', ?, 2)",
                    arguments: [earlierImage.id.uuidString, earlierImage.url.absoluteString])
            }
        }

        let sut = try GRDBFeedStore(path: path)

        #expect(try await sut.retrieve()?.feed == [earlierImage])
        let detailed = LocalFeedImage(
            id: UUID(), description: nil, location: nil, url: earlierImage.url,
            photo: LocalFeedPhoto(width: 4, height: 3, averageColor: nil, blurHash: nil, urls: [:]), createdAt: Date(timeIntervalSince1970: 1))
        try await sut.insert([detailed], timestamp: Date())
        #expect(try await sut.retrieve()?.feed == [detailed])
    }

    @Test func inMemoryStores_doNotShareTheirContents() async throws {
        let first = try GRDBFeedStore.inMemory()
        let second = try GRDBFeedStore.inMemory()

        try await first.insert(uniqueImageFeed(), timestamp: anyTimestamp())
        try await first.insert(anyData(), for: anyURL())

        #expect(try await second.retrieve() == nil)
        #expect(try await second.retrieve(dataForURL: anyURL()) == nil)
    }

    @Test func insert_failingMidTransaction_leavesThePreviousCacheIntact() async throws {
        let path = directory.file().path
        let sut = try GRDBFeedStore(path: path)
        let previous = CachedFeed(feed: uniqueImageFeed(), timestamp: anyTimestamp())
        try await sut.insert(previous.feed, timestamp: previous.timestamp)
        try await sut.insert(anyData(), for: previous.feed[2].url)
        // Fails on the new feed's second image: by then the old feed is deleted
        // and the new timestamp and first image are written.
        try GRDBStoreFaults(path: path).makeFeedInsertionsFail()

        await #expect(throws: (any Error).self) {
            try await sut.insert(uniqueImageFeed(), timestamp: anyTimestamp().addingTimeInterval(60))
        }

        #expect(try await sut.retrieve() == previous)
        #expect(try await sut.retrieve(dataForURL: previous.feed[2].url) == anyData())
        let reopened = try GRDBFeedStore(path: path)
        #expect(try await reopened.retrieve() == previous)
    }

    @Test func store_isReleasedWithItsLastReference() throws {
        var sut: GRDBFeedStore? = try GRDBFeedStore(path: directory.file().path)
        weak let weakSUT = sut

        sut = nil

        #expect(weakSUT == nil)
    }
}

struct InvalidFile: Sendable, CustomTestStringConvertible {
    let name: String
    let contents: Data
    var testDescription: String { name }

    static let notDatabases = [
        InvalidFile(name: "random bytes", contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
        InvalidFile(name: "text", contents: Data(String(repeating: "not a database\n", count: 300).utf8))
    ]
}
