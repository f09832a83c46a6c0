import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import GRDB
import SQLiteSupport
import Testing
import UpgradeFixtures

/// App caches and sessions files made by each earlier schema version
/// (Tools/UpgradeFixturesGenerator) open with today's program and give back what they held.
@Suite("Upgrades: the app's cache and sessions")
struct AppFilesUpgradeTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/Upgrades")
    static let cacheFixtures = fixtures(named: "app-cache-v")
    static let sessionFixtures = fixtures(named: "app-sessions-v")
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func thereAreFixturesOfEveryEarlierCacheVersion_andOfTheSessionsFile() {
        #expect(Self.cacheFixtures.count == 8, "one per earlier cache schema: run `swift run UpgradeFixturesGenerator` after adding a migration")
        #expect(Self.sessionFixtures.count == 1)
    }

    @Test(arguments: cacheFixtures)
    func aCacheOfAnEarlierVersion_opensMigrated_andGivesBackTheFeedAndItsImage(fixture: String) async throws {
        let store = try GRDBFeedStore(path: try copy(fixture))

        let cached = try #require(try await store.retrieve())
        let image = try #require(cached.feed.first)
        #expect(cached.feed.count == 1)
        #expect(image.id == UpgradeFixture.itemID)
        #expect(image.description == UpgradeFixture.description)
        #expect(image.location == UpgradeFixture.location)
        #expect(image.url.absoluteString == UpgradeFixture.imageURL)
        #expect(try await store.retrieve(dataForURL: image.url)?.isEmpty == false)
    }

    @Test(arguments: sessionFixtures)
    func aSessionsFile_opens_andKeepsEveryoneLoggedIn(fixture: String) async throws {
        let store = try GRDBSessionStore(path: try copy(fixture))

        let session = try await store.session(withKey: UpgradeFixture.sessionKey, validAt: Date(timeIntervalSince1970: 1_795_000_100))
        #expect(session?.user.username == "ada")
        #expect(session?.apiToken == Data(UpgradeFixture.token.utf8))
    }

    @Test func filesOfANewerVersion_areRefused_namingBothVersions_andLeftAsTheyWere() async throws {
        let sessions = directory.file(named: "app-sessions.sqlite").path
        let cache = directory.file(named: "app-cache.sqlite").path
        _ = try GRDBSessionStore(path: sessions)
        _ = try GRDBFeedStore(path: cache)
        for path in [sessions, cache] {
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('A migration of a later release')")
            }
            // Everything in the file itself, so its bytes say whether anything changed.
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try queue.close()
        }
        let before = try [sessions, cache].map { try Data(contentsOf: URL(filePath: $0)) }

        let sessionsError = try #require(throws: NewerSchema.self) { try GRDBSessionStore(path: sessions) }
        #expect(throws: NewerSchema.self) { try GRDBFeedStore(path: cache) }

        #expect(sessionsError.description.contains("version 3") && sessionsError.description.contains("versions up to 2"), "\(sessionsError)")
        #expect(try [sessions, cache].map { try Data(contentsOf: URL(filePath: $0)) } == before)
    }

    private static func fixtures(named prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    private func copy(_ fixture: String) throws -> String {
        let path = directory.file(named: fixture).path
        try FileManager.default.copyItem(at: Self.folder.appending(path: fixture), to: URL(filePath: path))
        return path
    }
}
