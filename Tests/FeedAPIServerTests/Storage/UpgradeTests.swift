import Crypto
import Foundation
import GRDB
import SQLiteSupport
import Testing
import UpgradeFixtures

@testable import FeedAPIStorage

/// API databases made by each earlier schema version (Tools/UpgradeFixturesGenerator) open
/// with today's program, migrate, and serve everything they held.
@Suite("Upgrades: the API's database")
struct APIUpgradeTests {
    static let earlierVersions = Array(1..<APIDatabase.migrationHistory.count)
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/Upgrades")

    @Test func theHistory_isEveryMigrationOnce_inEachMigratorsOwnOrder() {
        let history = APIDatabase.migrationHistory
        #expect(history.count == Set(history).count)
        #expect(Set(history) == Set(APIDatabase.migrationIdentifiers))
        for migrator in APIDatabase.migrators {
            #expect(history.filter(migrator.migrations.contains) == migrator.migrations)
        }
    }

    @Test func thereIsAFixtureForEveryEarlierVersion_andNoOther() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasPrefix("api-v") }
        #expect(Set(files) == Set(Self.earlierVersions.map { "api-v\($0).sqlite" }), "run `swift run UpgradeFixturesGenerator` after adding a migration")
    }

    @Test(arguments: earlierVersions)
    func aDatabaseOfAnEarlierVersion_opensMigrated_andServesEverythingItHeld(version: Int) async throws {
        let path = try copyOfFixture("api-v\(version).sqlite")
        let history = APIDatabase.migrationHistory
        func has(_ migration: String) -> Bool { history.prefix(version).contains(migration) }

        let database = try APIDatabase.open(path: path)

        let applied = try await DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(Set(applied) == Set(history), "migrated to today's schema")
        let page = try await database.feed.feedPage(after: nil, limit: 10)
        let item = try #require(page.first)
        #expect(page.map(\.id) == [UpgradeFixture.itemID])
        #expect(item.description == UpgradeFixture.description)
        #expect(item.location == UpgradeFixture.location)
        #expect(item.commentCount == 1)
        if has("Describe each image for those who cannot see it") { #expect(item.alt == UpgradeFixture.alt) }
        let photo = try #require(item.photo, "the photo has its sizes, made by the migration when the file had none")
        #expect(photo.width == 96 && photo.height == 64)
        #expect(Set(photo.renditions.keys.map { "\($0)" }).count == 4)
        for rendition in photo.renditions.values {
            let image = try await database.feed.image(withDigest: rendition.digest)
            #expect(image.map { !$0.data.isEmpty } == true, "every rendition is served")
        }
        let comments = try #require(try await database.feed.comments(onImage: UpgradeFixture.itemID))
        #expect(comments.map(\.id) == [UpgradeFixture.commentID])
        #expect(comments.first?.message == UpgradeFixture.comment)

        if has("Create accounts, tokens and failed log-ins") {
            let ada = try #require(Username("ada"))
            let account = try #require(try await database.accounts.account(named: ada))
            #expect(try await PasswordHasher(cost: 4).verify(UpgradeFixture.password, against: account.passwordHash), "the password still works")
            let tokenHash = Data(SHA256.hash(data: Data(UpgradeFixture.token.utf8)))
            let bearer = try await database.accounts.account(forTokenHash: tokenHash, now: Date(timeIntervalSince1970: 1_795_000_100))
            #expect(bearer?.username.value == "ada", "the token still works")
        }
        if has("Give every post the account that posted it") {
            #expect(item.author?.username == "ada")
            let ada = try #require(Username("ada"))
            #expect(try await database.social.profile(named: ada)?.postsCount == 1, "posts made before counts were kept are counted")
        }
        if has("Keep the news: stories, web links, adverts and their photos") {
            let news = try await database.news.newsList()
            #expect(news.title == UpgradeFixture.newsTitle)
            #expect(news.items.contains { if case let .webLink(link) = $0 { link.headline == UpgradeFixture.newsHeadline } else { false } })
        }
    }

    @Test func aDatabaseOfANewerVersion_isRefused_namingBothVersions_andLeftAsItWas() async throws {
        let path = temporaryDatabasePath()
        _ = try APIDatabase.open(path: path)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('A migration of a later release')")
        }
        let before = try Data(contentsOf: URL(filePath: path))

        let error = try #require(throws: NewerSchema.self) { try APIDatabase.open(path: path) }

        let known = APIDatabase.migrationHistory.count
        #expect(error.description.contains("version \(known + 1)") && error.description.contains("versions up to \(known)"), "\(error)")
        #expect(try Data(contentsOf: URL(filePath: path)) == before)
    }

    private func copyOfFixture(_ name: String) throws -> String {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.folder.appending(path: name), to: URL(filePath: path))
        return path
    }
}
