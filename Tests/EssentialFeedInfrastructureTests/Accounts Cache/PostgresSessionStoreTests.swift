import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import LogRecording
import Logging
import PostgresTestCluster
import Testing

@Suite("PostgreSQL session store")
struct PostgresSessionStoreTests {
    @Test(.tags(.postgres), .needsPostgreSQL) func aSessionOnAFullDisk_throwsInsufficientStorage_andIsNotKept() async throws {
        let url = try PostgresTestCluster.newDatabaseURL()
        let store = try await startedStore(url)
        // What PostgreSQL says when it cannot extend a table's file.
        try PostgresTestCluster.execute(
            """
            CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
            CREATE TRIGGER disk_is_full BEFORE INSERT ON app_session FOR EACH ROW EXECUTE FUNCTION disk_is_full();
            """, onDatabaseAt: url)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let session = LocalSession(
            key: Data((0..<32).map { UInt8($0) }), apiToken: Data("token".utf8), user: User(username: "alice", name: "Alice"),
            createdAt: now, expiresAt: now.addingTimeInterval(60))

        await #expect(throws: InsufficientStorageError.self) { try await store.insert(session) }
        #expect(try await store.session(withKey: session.key, validAt: now) == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func aLookUpWhileTheDatabaseIsDown_failsAsUnavailable_withinItsDeadline() async throws {
        let store = try PostgresSessionStore(
            url: "postgres://app@127.0.0.1:\(try PostgresTestCluster.unusedLoopbackPort())/sessions", poolSize: 2, operationDeadline: .milliseconds(200))
        let running = Task.detached { await store.run() }
        defer { running.cancel() }

        await #expect(throws: PostgresSessionStore.Unavailable.self) {
            try await store.session(withKey: Data(count: 32), validAt: Date())
        }
    }

    @Test(.tags(.postgres), .needsPostgreSQL) func startingAndMigrating_logsNoWarning() async throws {
        let recorder = LogRecorder()

        _ = try await startedStore(try PostgresTestCluster.newDatabaseURL(), logger: recorder.logger)

        #expect(recorder.lines(at: .warning).isEmpty, "\(recorder.lines(at: .warning))")
    }

    private func startedStore(_ url: String, logger: Logger = Logger(label: "test")) async throws -> PostgresSessionStore {
        let store = try PostgresSessionStore(url: url, poolSize: 2, operationDeadline: PostgresTestCluster.patientDeadline, logger: logger)
        Task.detached { await store.run() }
        try await store.migrate()
        return store
    }
}
