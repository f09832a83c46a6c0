import Foundation
import GRDB
import HummingbirdTesting
import LogRecording
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct APIDatabaseTests {
    @Test func databaseFolderThatCannotBeMade_isRefusedWithAMessageNamingTheFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "api-database-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "a-file")
        try Data("a file where a folder would be".utf8).write(to: file)
        let folder = file.appending(path: "data")

        let error = #expect(throws: DatabaseFolderUnavailable.self) {
            _ = try APIDatabase.open(path: folder.appending(path: "api.sqlite").path)
        }

        #expect(error?.description.contains(folder.path) == true)
    }

    @Test(arguments: 0..<20)
    func simultaneousOpeningsOfOneNewFile_allSucceed_andMigrateItOnce(round: Int) async throws {
        let path = temporaryDatabasePath()
        let recorder = LogRecorder()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try APIDatabase.open(path: path, logger: recorder.logger) }
            }
            try await group.waitForAll()
        }

        let migrations = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(migrations.count == Set(migrations).count)
        #expect(migrations.contains("Create feed, comments and images"))
        #expect(recorder.lines(at: .notice).filter { $0.contains("Created a new API database") }.count == 1)
    }

    @Test func anOpenDatabase_isReachable_untilItsSchemaIsGoneFromUnderIt() async throws {
        let path = temporaryDatabasePath()
        let database = try APIDatabase.open(path: path)
        #expect(await database.isReachable())

        try await DatabaseQueue(path: path).write { db in try db.execute(sql: "DROP TABLE grdb_migrations") }

        #expect(await database.isReachable() == false)
    }

    @Test func aServerOnADatabase_isLiveAndReady() async throws {
        let database = try await makeDatabase()
        let app = try buildApplication(FeedAPIConfiguration(port: 0), database: database)

        try await app.test(.router) { client in
            let live = try await client.execute(uri: "/health/live", method: .get)
            // Readiness answers 503 when the database takes over 2 s, as it may on a machine
            // busy with the rest of the suite: asked again, a reachable database says ready.
            var ready = try await client.execute(uri: "/health/ready", method: .get)
            for _ in 0..<5 where ready.status != .ok {
                ready = try await client.execute(uri: "/health/ready", method: .get)
            }

            #expect(live.status == .ok)
            #expect(ready.status == .ok)
        }
    }

    @Test func aNewDatabase_isCreatedAndSaysSo_anExistingOneOpensQuietly() throws {
        let path = temporaryDatabasePath()
        let first = LogRecorder()
        let second = LogRecorder()

        _ = try APIDatabase.open(path: path, logger: first.logger)
        _ = try APIDatabase.open(path: path, logger: second.logger)

        #expect(first.lines(at: .notice).contains { $0.contains("Created a new API database") && $0.contains(path) })
        #expect(second.lines(at: .notice).isEmpty)
    }

    @Test func aFileOfAnotherSchema_isRefusedWithAMessageNamingIt_andLeftAsItWas() throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoice (total) VALUES (12.5)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = #expect(throws: NotAnAPIDatabase.self) { _ = try APIDatabase.open(path: path) }

        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aFileThatIsNotADatabase_isRefusedWithAMessageNamingIt_andLeftAsItWas() throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = Data(String(repeating: "not a database\n", count: 400).utf8)
        try text.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: NotAnAPIDatabase.self) { _ = try APIDatabase.open(path: path) }

        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }
}
