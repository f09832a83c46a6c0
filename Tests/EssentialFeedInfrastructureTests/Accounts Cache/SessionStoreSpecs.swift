import EssentialFeed
import EssentialFeedInfrastructure
import Foundation
import PostgresTestCluster
import Testing

struct SessionStoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (TemporaryDirectory) async throws -> any SessionStore

    var testDescription: String { name }

    static let all: [SessionStoreFactory] = TestTier.isQuick ? withoutDatabaseServer : withoutDatabaseServer + [postgres]

    private static let withoutDatabaseServer: [SessionStoreFactory] = [
        SessionStoreFactory(name: "InMemorySessionStore") { _ in InMemorySessionStore() },
        SessionStoreFactory(name: "GRDBSessionStore in memory") { _ in try GRDBSessionStore.inMemory() },
        SessionStoreFactory(name: "GRDBSessionStore on a file") { try GRDBSessionStore(path: $0.file().path) },
        SessionStoreFactory(name: "CachingSessionStore over GRDBSessionStore on a file") {
            CachingSessionStore(decoratee: try GRDBSessionStore(path: $0.file().path), capacity: 1)
        },
        SessionStoreFactory(name: "CachingSessionStore over InMemorySessionStore") {
            _ in CachingSessionStore(decoratee: InMemorySessionStore())
        }
    ]

    /// On a new database of the tests' cluster; its connections stay open until the test process ends.
    private static let postgres = SessionStoreFactory(name: "PostgresSessionStore") { _ in
        let store = try PostgresSessionStore(url: try PostgresTestCluster.newDatabaseURL(), poolSize: 3, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await store.run() }
        try await store.migrate()
        return store
    }
}

/// The contract of `SessionStore`, run against every store.
@Suite("Session store specs")
final class SessionStoreSpecs {
    private let directory: TemporaryDirectory
    private let now = Date(timeIntervalSince1970: 1_800_000_000.25)

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test(arguments: SessionStoreFactory.all)
    func session_deliversNothingForAnUnknownKey(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)

        #expect(try await sut.session(withKey: Data([1, 2, 3]), validAt: now) == nil)
    }

    @Test(arguments: SessionStoreFactory.all)
    func session_deliversTheInsertedSessionByItsKey(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        let other = makeSession(expiresAt: now.addingTimeInterval(60))

        try await sut.insert(session)
        try await sut.insert(other)

        #expect(try await sut.session(withKey: session.key, validAt: now) == session)
        #expect(try await sut.session(withKey: other.key, validAt: now) == other)
    }

    @Test(arguments: SessionStoreFactory.all)
    func session_deliversNothingOnceExpired(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(session)

        #expect(try await sut.session(withKey: session.key, validAt: now.addingTimeInterval(59.9)) == session)
        #expect(try await sut.session(withKey: session.key, validAt: now.addingTimeInterval(60)) == nil)
    }

    @Test(arguments: SessionStoreFactory.all)
    func deleteSession_forgetsOnlyThatSession(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)
        let deleted = makeSession(expiresAt: now.addingTimeInterval(60))
        let kept = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(deleted)
        try await sut.insert(kept)

        try await sut.deleteSession(withKey: deleted.key)

        #expect(try await sut.session(withKey: deleted.key, validAt: now) == nil)
        #expect(try await sut.session(withKey: kept.key, validAt: now) == kept)
    }

    @Test(arguments: SessionStoreFactory.all)
    func deleteSessionsExpiredBy_forgetsTheExpiredOnes(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)
        let expired = makeSession(expiresAt: now.addingTimeInterval(-1))
        let valid = makeSession(expiresAt: now.addingTimeInterval(1))
        try await sut.insert(expired)
        try await sut.insert(valid)

        #expect(try await sut.deleteSessions(expiredBy: now) == 1)
        #expect(try await sut.session(withKey: valid.key, validAt: now) == valid)
        #expect(try await sut.deleteSessions(expiredBy: now) == 0)
    }

    @Test(arguments: SessionStoreFactory.all)
    func insert_keepsThePersonsPicture_andAnInsertWithTheSameKeyReplacesIt(_ factory: SessionStoreFactory) async throws {
        let sut = try await factory.make(directory)
        let avatar = Avatar(
            thumbURL: URL(string: "http://api.test/avatars/a-thumb.webp")!, smallURL: URL(string: "http://api.test/avatars/a-small.webp")!,
            averageColor: "#1A2B3C", blurHash: "LEHV6nWB2yk8")
        let session = makeSession(expiresAt: now.addingTimeInterval(60), avatar: avatar)
        try await sut.insert(session)
        #expect(try await sut.session(withKey: session.key, validAt: now)?.user.avatar == avatar)

        let renamed = LocalSession(
            key: session.key, apiToken: session.apiToken, user: User(username: session.user.username, name: "Maria S."), createdAt: now,
            expiresAt: session.expiresAt)
        try await sut.insert(renamed)
        #expect(try await sut.session(withKey: session.key, validAt: now) == renamed, "the picture taken away")
    }

    @Test func grdbStore_keepsSessionsAcrossReopeningTheFile() async throws {
        let path = directory.file().path
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await GRDBSessionStore(path: path).insert(session)

        let reopened = try GRDBSessionStore(path: path)

        #expect(try await reopened.session(withKey: session.key, validAt: now) == session)
    }

    private func makeSession(expiresAt: Date, avatar: Avatar? = nil) -> LocalSession {
        LocalSession(
            key: Data(UUID().uuidString.utf8), apiToken: Data("token \(UUID())".utf8),
            user: User(username: "maria.silva", name: "Maria Σίλβα", avatar: avatar), createdAt: now, expiresAt: expiresAt)
    }
}
