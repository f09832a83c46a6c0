import Foundation
import Synchronization

/// Keeps the live sessions it has seen in memory in front of another store, so a request
/// that carries a session does not read the store again. Every write goes through to the
/// decoratee first; a session deleted while it was being read is never remembered.
public final class CachingSessionStore: SessionStore {
    private let decoratee: any SessionStore
    private let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var sessions: [Data: Remembered] = [:]
        var lastUse: UInt64 = 0
        /// Counts deletions, so a read that began before one cannot remember what it removed.
        var deletions: UInt64 = 0
    }

    private struct Remembered {
        let session: LocalSession
        var lastUse: UInt64
    }

    /// Remembers at most `capacity` sessions; the least recently used go first.
    public init(decoratee: any SessionStore, capacity: Int = 10_000) {
        self.decoratee = decoratee
        self.capacity = max(1, capacity)
    }

    public func insert(_ session: LocalSession) async throws {
        try await decoratee.insert(session)
        state.withLock { remember(session, in: &$0) }
    }

    public func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? {
        let (remembered, deletionsBeforeReading) = state.withLock { state -> (LocalSession?, UInt64) in
            guard let remembered = state.sessions[key] else { return (nil, state.deletions) }
            state.lastUse += 1
            state.sessions[key]?.lastUse = state.lastUse
            return (remembered.session, state.deletions)
        }
        if let remembered {
            return remembered.expiresAt > date ? remembered : nil
        }
        guard let stored = try await decoratee.session(withKey: key, validAt: date) else { return nil }
        state.withLock { state in
            if state.deletions == deletionsBeforeReading { remember(stored, in: &state) }
        }
        return stored
    }

    public func deleteSession(withKey key: Data) async throws {
        forget { $0.removeValue(forKey: key) }
        defer { forget { $0.removeValue(forKey: key) } }
        try await decoratee.deleteSession(withKey: key)
    }

    public func deleteSessions(expiredBy date: Date) async throws -> Int {
        forget { $0 = $0.filter { $0.value.session.expiresAt > date } }
        defer { forget { $0 = $0.filter { $0.value.session.expiresAt > date } } }
        return try await decoratee.deleteSessions(expiredBy: date)
    }

    /// Runs before and after the decoratee deletes: a read that began in between saw the
    /// session still stored, and the second count keeps it from being remembered.
    private func forget(_ removal: (inout [Data: Remembered]) -> Void) {
        state.withLock { state in
            state.deletions += 1
            removal(&state.sessions)
        }
    }

    private func remember(_ session: LocalSession, in state: inout State) {
        if state.sessions[session.key] == nil, state.sessions.count >= capacity,
            let leastRecent = state.sessions.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            state.sessions.removeValue(forKey: leastRecent)
        }
        state.lastUse += 1
        state.sessions[session.key] = Remembered(session: session, lastUse: state.lastUse)
    }
}
