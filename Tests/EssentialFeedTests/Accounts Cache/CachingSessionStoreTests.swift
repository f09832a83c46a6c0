import EssentialFeed
import Foundation
import Synchronization
import Testing

@Suite("Caching session store")
struct CachingSessionStoreTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func session_readsTheStoreOnceForASessionUsedAgain() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await store.insert(session)

        #expect(try await sut.session(withKey: session.key, validAt: now) == session)
        #expect(try await sut.session(withKey: session.key, validAt: now.addingTimeInterval(1)) == session)

        #expect(store.reads == 1)
    }

    @Test func insert_remembersTheSessionWithoutReadingTheStore() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))

        try await sut.insert(session)

        #expect(try await sut.session(withKey: session.key, validAt: now) == session)
        #expect(store.reads == 0)
        #expect(try await store.session(withKey: session.key, validAt: now) == session)
    }

    @Test func session_doesNotServeARememberedSessionOnceItExpired() async throws {
        let sut = CachingSessionStore(decoratee: SessionStoreSpy())
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(session)

        #expect(try await sut.session(withKey: session.key, validAt: now.addingTimeInterval(60)) == nil)
    }

    @Test func session_asksTheStoreAgainForAKeyItDidNotFind() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))

        #expect(try await sut.session(withKey: session.key, validAt: now) == nil)
        try await store.insert(session)

        #expect(try await sut.session(withKey: session.key, validAt: now) == session)
        #expect(store.reads == 2)
    }

    @Test func deleteSession_forgetsTheRememberedSession() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(session)

        try await sut.deleteSession(withKey: session.key)

        #expect(try await sut.session(withKey: session.key, validAt: now) == nil)
        #expect(store.reads == 1)
    }

    @Test func deleteSessionsExpiredBy_forgetsRememberedSessionsThatExpired() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let expired = makeSession(expiresAt: now)
        let live = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(expired)
        try await sut.insert(live)

        #expect(try await sut.deleteSessions(expiredBy: now) == 1)

        // An earlier date would still find a remembered session; the store says it is gone.
        #expect(try await sut.session(withKey: expired.key, validAt: now.addingTimeInterval(-10)) == nil)
        #expect(try await sut.session(withKey: live.key, validAt: now) == live)
        #expect(store.reads == 1)
    }

    @Test func session_doesNotRememberASessionDeletedWhileItWasBeingRead() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store)
        let session = makeSession(expiresAt: now.addingTimeInterval(60))
        try await store.insert(session)
        store.duringNextRead { try await sut.deleteSession(withKey: session.key) }

        #expect(try await sut.session(withKey: session.key, validAt: now) == session)

        #expect(try await sut.session(withKey: session.key, validAt: now) == nil)
    }

    @Test func insert_forgetsTheLeastRecentlyUsedSessionBeyondItsCapacity() async throws {
        let store = SessionStoreSpy()
        let sut = CachingSessionStore(decoratee: store, capacity: 2)
        let first = makeSession(expiresAt: now.addingTimeInterval(60))
        let second = makeSession(expiresAt: now.addingTimeInterval(60))
        let third = makeSession(expiresAt: now.addingTimeInterval(60))
        try await sut.insert(first)
        try await sut.insert(second)
        _ = try await sut.session(withKey: first.key, validAt: now)

        try await sut.insert(third)

        #expect(try await sut.session(withKey: first.key, validAt: now) == first)
        #expect(try await sut.session(withKey: third.key, validAt: now) == third)
        #expect(store.reads == 0)
        #expect(try await sut.session(withKey: second.key, validAt: now) == second)
        #expect(store.reads == 1)
    }

    private func makeSession(expiresAt: Date) -> LocalSession {
        LocalSession(
            key: Data(UUID().uuidString.utf8), apiToken: Data("sealed".utf8),
            user: User(username: "maria", name: "Maria"), createdAt: now, expiresAt: expiresAt)
    }
}

/// Counts reads of an in-memory store, and can act in the middle of the next one.
private final class SessionStoreSpy: SessionStore {
    private let store = InMemorySessionStore()
    private let state = Mutex<(reads: Int, duringRead: (@Sendable () async throws -> Void)?)>((0, nil))

    var reads: Int { state.withLock { $0.reads } }

    func duringNextRead(_ action: @escaping @Sendable () async throws -> Void) {
        state.withLock { $0.duringRead = action }
    }

    func insert(_ session: LocalSession) async throws {
        try await store.insert(session)
    }

    func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? {
        let action = state.withLock { state in
            state.reads += 1
            defer { state.duringRead = nil }
            return state.duringRead
        }
        let found = try await store.session(withKey: key, validAt: date)
        try await action?()
        return found
    }

    func deleteSession(withKey key: Data) async throws {
        try await store.deleteSession(withKey: key)
    }

    func deleteSessions(expiredBy date: Date) async throws -> Int {
        try await store.deleteSessions(expiredBy: date)
    }
}
