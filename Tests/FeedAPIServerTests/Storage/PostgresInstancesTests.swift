import Foundation
import LogRecording
import PostgresTestCluster
import Testing

@testable import FeedAPIPostgres
@testable import FeedAPIStorage

/// Several API instances on one PostgreSQL database: what one writes, the others know.
@Suite("PostgreSQL: several instances on one database", .tags(.postgres), .needsPostgreSQL)
struct PostgresInstancesTests {
    @Test func aWriteThroughOneInstance_movesTheOthersDataVersion_andTheyReadIt() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let writer = try await startedInstance(url)
        let reader = try await startedInstance(url)
        let items = makeItems(2)
        try await writer.feed.append([items[0]])
        let versionBefore = reader.feed.dataVersion

        try await writer.feed.append([items[1]])
        await reader.untilDataVersion(exceeds: versionBefore)

        #expect(try await reader.feed.feedPage(after: nil, limit: 10).map(\.id) == items.map(\.id))
    }

    @Test(.timeLimit(.minutes(1)))
    func aLikeAndAPostThroughOneInstance_areHeardByTheOthersEventStreams() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let writer = try await startedInstance(url)
        let listener = try await startedInstance(url)
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let ann = try await writer.accounts.createAccount(username: try #require(Username("ann")), name: "Ann", passwordHash: "x", createdAt: date)
        let ben = try await writer.accounts.createAccount(username: try #require(Username("ben")), name: "Ben", passwordHash: "x", createdAt: date)
        var heard = listener.changes.stream().makeAsyncIterator()
        var post = makeItem(1)
        post.authorUsername = "ann"

        _ = try await writer.feed.publish(post)
        _ = try await writer.social.setLike(true, itemID: post.id, by: ben.id, at: date, limit: ActionLimit())

        #expect(await heard.next() == .posted(authorID: ann.id, itemID: post.id))
        #expect(await heard.next() == .notificationsChanged(recipientID: ann.id))
    }

    @Test func manyInstancesMigratingOneNewDatabaseAtOnce_runEachMigrationOnce() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { _ = try await startedInstance(url) }
            }
            try await group.waitForAll()
        }

        let instance = try await startedInstance(url)
        try await instance.feed.append(makeItems(1))
        #expect(try await instance.feed.feedPage(after: nil, limit: 10).count == 1)
    }

    @Test func startingAndMigrating_logsNoWarning() async throws {
        let recorder = LogRecorder()
        let database = try PostgresAPIDatabase(url: try PostgresTestCluster.newDatabaseURL(), poolSize: 2, operationDeadline: PostgresTestCluster.patientDeadline, logger: recorder.logger)
        Task.detached { await database.run() }

        try await database.migrate()
        await database.untilFollowingChanges()

        #expect(recorder.lines(at: .warning).isEmpty, "\(recorder.lines(at: .warning))")
    }

    @Test func aDatabaseOfSomethingElse_isRefused() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        try PostgresTestCluster.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY)", onDatabaseAt: url)
        let instance = try PostgresAPIDatabase(url: url, poolSize: 2, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await instance.run() }

        await #expect(throws: NotAnAPIPostgresDatabase.self) {
            try await instance.migrate()
        }
    }

    @Test(arguments: ["postgres://", "http://feed@127.0.0.1/feed", "postgres://127.0.0.1/feed", "postgres://feed@127.0.0.1", "postgres://feed@127.0.0.1/feed?sslmode=sometimes"])
    func aURLThatNamesNoDatabase_isRefusedWithAMessage(url: String) {
        #expect(throws: (any Error).self) { try PostgresAPIDatabase(url: url) }
    }

    private func startedInstance(_ url: String) async throws -> PostgresAPIDatabase {
        let database = try PostgresAPIDatabase(url: url, poolSize: 3, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await database.run() }
        try await database.migrate()
        await database.untilFollowingChanges()
        return database
    }
}

@Suite("PostgreSQL: keyset pages", .tags(.postgres), .needsPostgreSQL)
struct PostgresKeysetPageTests {
    @Test func aPage200000ItemsDeep_isAnIndexRangeScan_asOnTheFirstPage() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let database = try PostgresAPIDatabase(url: url, poolSize: 2, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await database.run() }
        try await database.migrate()
        try PostgresTestCluster.execute(
            """
            INSERT INTO image (digest, content_type, data) VALUES ('\(String(repeating: "a", count: 64))', 'image/png', '\\x89504e47');
            INSERT INTO feed_item (position, id, image_digest)
                SELECT n, md5(n::text)::uuid, '\(String(repeating: "a", count: 64))' FROM generate_series(1, 200000) AS n;
            ANALYZE;
            """, onDatabaseAt: url)

        for depth in [0, 199_990] {
            let plan = try PostgresTestCluster.execute(
                "EXPLAIN " + PostgresFeedRepository.pageColumns + " WHERE feed_item.position > \(depth) ORDER BY feed_item.position LIMIT 10",
                onDatabaseAt: url)

            #expect(plan.contains("Index Scan using feed_item_pkey on feed_item "), "\(plan)")
            #expect(!plan.contains("Seq Scan on feed_item "), "\(plan)")
        }
        let lookup = try PostgresTestCluster.execute(
            "EXPLAIN SELECT position FROM feed_item WHERE id = '\(UUID().uuidString)'", onDatabaseAt: url)
        #expect(lookup.contains("feed_item_id_key"), "\(lookup)")
    }
}

@Suite("PostgreSQL: a database that does not answer")
struct PostgresUnavailableTests {
    @Test func aRequestWhileTheDatabaseIsDown_failsAsUnavailable_withinItsDeadline() async throws {
        let database = try PostgresAPIDatabase(url: "postgres://feed@127.0.0.1:\(try PostgresTestCluster.unusedLoopbackPort())/feed", operationDeadline: .milliseconds(200))
        let running = Task.detached { await database.run() }
        defer { running.cancel() }

        await #expect(throws: DatabaseUnavailable.self) { try await database.feed.feedPage(after: nil, limit: 10) }
        await #expect(throws: DatabaseUnavailable.self) { try await database.accounts.accounts() }
        #expect(await database.isReachable() == false)
    }
}
