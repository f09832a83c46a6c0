import Foundation
import Synchronization

/// Sessions kept for as long as the process runs: for tests and previews.
public final class InMemorySessionStore: SessionStore {
    private let sessions = Mutex<[Data: LocalSession]>([:])

    public init() {}

    public func insert(_ session: LocalSession) async throws {
        sessions.withLock { $0[session.key] = session }
    }

    public func session(withKey key: Data, validAt date: Date) async throws -> LocalSession? {
        sessions.withLock { $0[key] }.flatMap { $0.expiresAt > date ? $0 : nil }
    }

    public func deleteSession(withKey key: Data) async throws {
        _ = sessions.withLock { $0.removeValue(forKey: key) }
    }

    public func deleteSessions(expiredBy date: Date) async throws -> Int {
        sessions.withLock { sessions in
            let expired = sessions.filter { $0.value.expiresAt <= date }.keys
            for key in expired { sessions.removeValue(forKey: key) }
            return expired.count
        }
    }
}
