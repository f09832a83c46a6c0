import Crypto
import EssentialFeedInfrastructure
import FeedAPIStorage
import Foundation
import GRDB
import PhotoFixtures
import UpgradeFixtures

// Writes the upgrade tests' fixtures: an API database, an app cache and an app sessions file
// at each schema version this repository has shipped, each made by running the migrations'
// own history up to that version and writing, after each step, the rows that version's
// program would have written. Run it after adding a migration, and commit what it writes:
//     swift run UpgradeFixturesGenerator
// The upgrade tests then open every file with today's program.

let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let apiFolder = root.appending(path: "Tests/FeedAPIServerTests/Fixtures/Upgrades")
let appFolder = root.appending(path: "Tests/EssentialFeedInfrastructureTests/Fixtures/Upgrades")

/// One row a version's program wrote: found again by `key`, completed as later versions add columns.
struct FixtureRow {
    let table: String
    let key: [String: any DatabaseValueConvertible]
    let values: [String: any DatabaseValueConvertible]
}

/// Inserts each row whose table exists and that is not there yet, and fills the columns that
/// exist but are still empty (a column a later migration added).
func write(_ rows: [FixtureRow], in db: Database) throws {
    for row in rows where try db.tableExists(row.table) {
        let columns = Set(try db.columns(in: row.table).map(\.name))
        let keyClause = row.key.keys.sorted().map { "\($0) = ?" }.joined(separator: " AND ")
        let keyArguments = StatementArguments(row.key.keys.sorted().map { row.key[$0] })
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(row.table) WHERE \(keyClause))", arguments: keyArguments) ?? false
        let all = row.key.merging(row.values) { key, _ in key }.filter { columns.contains($0.key) }
        if !exists {
            let names = all.keys.sorted()
            try db.execute(
                sql: "INSERT INTO \(row.table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(names.map { all[$0] }))
        } else {
            for name in row.values.keys.sorted() where columns.contains(name) {
                try db.execute(
                    sql: "UPDATE \(row.table) SET \(name) = ? WHERE \(keyClause) AND \(name) IS NULL",
                    arguments: StatementArguments([row.values[name]]) + keyArguments)
            }
        }
    }
}

/// A new file at `version`: the migrations in `history` (the order they shipped in) up to
/// that version, `rows` written after each.
func makeFixture(at url: URL, version: Int, history: [String], migrators: [DatabaseMigrator], rows: [FixtureRow]) throws {
    try? FileManager.default.removeItem(at: url)
    let queue = try DatabaseQueue(path: url.path)
    // Small pages keep the committed files small.
    try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA page_size = 1024") }
    for step in 1...version {
        let applied = Set(history.prefix(step))
        for migrator in migrators {
            if let last = migrator.migrations.last(where: applied.contains) {
                try migrator.migrate(queue, upTo: last)
            }
        }
        try queue.write { db in try write(rows, in: db) }
    }
    try queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
    try queue.close()
}

let photo = try PhotoFixtures.photo(width: 96, height: 64, seed: 3)
let photoDigest = SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined()
let created = 1_795_000_000.0
let expiry = 4_102_444_800.0 // 2100-01-01

let apiRows = [
    FixtureRow(table: "account", key: ["id": 1], values: [
        "username": "ada", "name": "Ada Lovelace",
        "password_hash": try await PasswordHasher(cost: 4).hash(UpgradeFixture.password), "created_at": created,
    ]),
    FixtureRow(table: "api_token", key: ["token_hash": Data(SHA256.hash(data: Data(UpgradeFixture.token.utf8)))], values: [
        "account_id": 1, "created_at": created, "expires_at": expiry,
    ]),
    FixtureRow(table: "failed_log_in", key: ["username": "ada"], values: ["failed_at": created]),
    FixtureRow(table: "image", key: ["digest": photoDigest], values: ["content_type": "image/jpeg", "data": photo]),
    FixtureRow(table: "feed_item", key: ["id": UpgradeFixture.itemID.uuidString], values: [
        "position": 1, "description": UpgradeFixture.description, "location": UpgradeFixture.location, "image_digest": photoDigest,
        "alt": UpgradeFixture.alt, "author_id": 1, "created_at": created,
    ]),
    FixtureRow(table: "comment", key: ["id": UpgradeFixture.commentID.uuidString], values: [
        "feed_item_position": 1, "message": UpgradeFixture.comment, "created_at": created + 60, "username": "ada",
    ]),
    FixtureRow(table: "news_setting", key: ["name": "title"], values: ["value": UpgradeFixture.newsTitle]),
    FixtureRow(table: "news_item", key: ["id": UpgradeFixture.newsLinkID.uuidString], values: [
        "kind": "weblink", "headline": UpgradeFixture.newsHeadline, "url": "https://example.org/fixture",
        "created_at": created, "updated_at": created,
    ]),
]

let cacheRows = [
    FixtureRow(table: "feedCache", key: ["id": 1], values: ["timestamp": created, "entityTag": "\"fixture\""]),
    FixtureRow(table: "feedImage", key: ["position": 0], values: [
        "id": UpgradeFixture.itemID.uuidString, "description": UpgradeFixture.description, "location": UpgradeFixture.location,
        "url": UpgradeFixture.imageURL, "alternativeText": UpgradeFixture.alt, "commentCount": 1,
        "authorUsername": "ada", "authorName": "Ada Lovelace",
    ]),
    FixtureRow(table: "feedImageData", key: ["url": UpgradeFixture.imageURL], values: ["data": photo, "size": photo.count, "lastUsed": 1]),
]

let sessionRows = [
    FixtureRow(table: "session", key: ["key": UpgradeFixture.sessionKey], values: [
        "apiToken": Data(UpgradeFixture.token.utf8), "username": "ada", "name": "Ada Lovelace", "createdAt": created, "expiresAt": expiry,
    ]),
]

try FileManager.default.createDirectory(at: apiFolder, withIntermediateDirectories: true)
try FileManager.default.createDirectory(at: appFolder, withIntermediateDirectories: true)
for folder in [apiFolder, appFolder] {
    for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where file.pathExtension == "sqlite" {
        try FileManager.default.removeItem(at: file)
    }
}

// Every version but today's: today's program makes that one itself.
let apiHistory = APIDatabase.migrationHistory
for version in 1..<apiHistory.count {
    try makeFixture(at: apiFolder.appending(path: "api-v\(version).sqlite"), version: version, history: apiHistory,
                    migrators: APIDatabase.migrators, rows: apiRows)
}
let cacheHistory = GRDBFeedStore.migrator.migrations
for version in 1..<cacheHistory.count {
    try makeFixture(at: appFolder.appending(path: "app-cache-v\(version).sqlite"), version: version, history: cacheHistory,
                    migrators: [GRDBFeedStore.migrator], rows: cacheRows)
}
// The sessions file has had one schema: its fixture is that version, which must keep opening.
let sessionHistory = GRDBSessionStore.migrationIdentifiers
for version in 1...sessionHistory.count {
    try makeFixture(at: appFolder.appending(path: "app-sessions-v\(version).sqlite"), version: version, history: sessionHistory,
                    migrators: [GRDBSessionStore.migrator], rows: sessionRows)
}
