import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import LogRecording
import PhotoFixtures
import PostgresTestCluster
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIPostgres
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite("A full disk says so")
struct StorageFullTests {
    private static let password = "correct horse battery"

    @Test func anUploadOnAFullDisk_gets507StorageFull_loggedAtError() async throws {
        let repository = try await makeRepository()
        let hasher = PasswordHasher(cost: 4)
        _ = try await repository.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: try await hasher.hash(Self.password), createdAt: Date())
        let recorder = LogRecorder()
        let app = Application(
            responder: try buildResponder(repository: repository, accounts: repository.accounts, publicURL: testPublicURL, hasher: hasher),
            logger: recorder.logger)

        try await app.test(.router) { client in
            let token = try #require(try jsonObject(try await logIn(client).body)["token"] as? String)
            try await Self.fillTheDisk(of: repository)
            let upload = try await client.execute(
                uri: "/essential-feed/v1/images", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=B", .authorization: "Bearer \(token)"],
                body: ByteBuffer(bytes: Self.form(with: try photoFile(width: 1_600, height: 1_200, seed: 3))))
            #expect(upload.status.code == 507)
            #expect(try jsonObject(upload.body)["type"] as? String == "/essential-feed/problems/storage-full")
            #expect(recorder.lines(at: .error).count == 1, "\(recorder.lines(at: .error))")
            #expect(recorder.lines(at: .error).first?.contains("disk is full") == true)
        }
    }

    @Test(.tags(.postgres), .needsPostgreSQL) func aCommentOnAFullPostgreSQLDisk_gets507StorageFull_andNothingIsKept() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let database = try PostgresAPIDatabase(url: url, poolSize: 2, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await database.run() }
        try await database.migrate()
        let item = makeItem(1)
        try await database.feed.append([item])
        let hasher = PasswordHasher(cost: 4)
        _ = try await database.accounts.createAccount(
            username: try #require(Username("alice")), name: "Alice", passwordHash: try await hasher.hash(Self.password), createdAt: Date())
        let recorder = LogRecorder()
        let app = Application(
            responder: try buildResponder(repository: database.feed, accounts: database.accounts, publicURL: testPublicURL, hasher: hasher),
            logger: recorder.logger)

        try await app.test(.router) { client in
            let token = try #require(try jsonObject(try await logIn(client).body)["token"] as? String)
            // What PostgreSQL says when it cannot extend a table's file.
            try PostgresTestCluster.execute(
                """
                CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
                CREATE TRIGGER disk_is_full BEFORE INSERT ON comment FOR EACH ROW EXECUTE FUNCTION disk_is_full();
                """, onDatabaseAt: url)
            let comment = try await client.execute(
                uri: "/essential-feed/v1/image/\(item.id.uuidString)/comments", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(token)"],
                body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["message": "Lovely"])))

            #expect(comment.status.code == 507)
            #expect(try jsonObject(comment.body)["type"] as? String == "/essential-feed/problems/storage-full")
            #expect(recorder.lines(at: .error).first?.contains("disk is full") == true, "\(recorder.lines(at: .error))")
            #expect(try await database.feed.comments(onImage: item.id)?.isEmpty == true)
        }
    }

    @Test func aFullDisk_isReportedAtErrorOnceAMinute_notOncePerRequest() {
        let recorder = LogRecorder()
        let report = StorageFullReport(interval: .seconds(60))
        for _ in 0..<5 { report.report("database or disk is full", logger: recorder.logger) }
        #expect(recorder.lines(at: .error).count == 1)
        #expect(recorder.lines(at: .debug).count == 4)
    }

    // MARK: - Helpers

    /// The writer may not grow the file past its size now, and what room its pages had is used.
    /// (Rows small enough for the room left in another table's pages still fit, as on a real disk.)
    private static func fillTheDisk(of repository: SQLiteFeedRepository) async throws {
        try await repository.database.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS filler (bytes BLOB)")
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)")
            for size in [4_096, 64, 0] {
                do {
                    while true { try db.execute(sql: "INSERT INTO filler VALUES (zeroblob(?))", arguments: [size]) }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                    continue
                }
            }
        }
    }

    private func logIn(_ client: some TestClientProtocol) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: ["username": "alice", "password": Self.password])
        return try await client.execute(
            uri: "/essential-feed/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
    }

    private static func form(with file: Data) -> Data {
        Data("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\n".utf8) + file + Data("\r\n--B--\r\n".utf8)
    }
}
