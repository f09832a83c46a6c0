import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO
import PostgresSupport
import Synchronization

/// The data version of every instance on one database (see `FeedReading.dataVersion`): each
/// write transaction sends `NOTIFY` on `channel`, which PostgreSQL delivers once it commits,
/// and every other instance listening moves its version on (the writer has already). An instance that is not listening (not
/// yet, or its connection lost) cannot know of other instances' writes, so until it listens
/// again every read gets a new version and nothing cached is served.
final class SharedDataVersion: Sendable {
    static let channel = "feed_api_writes"

    /// What this instance's writes say in their notifications: its own it has counted already.
    let instanceID = UUID().uuidString

    private let value = Atomic<UInt64>(0)
    private let isListening = Atomic<Bool>(false)
    private let listeningWaiters = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let changeWaiters = Mutex<[(after: UInt64, continuation: CheckedContinuation<Void, Never>)]>([])

    var current: UInt64 {
        guard isListening.load(ordering: .acquiring) else { return bump() }
        return value.load(ordering: .acquiring)
    }

    /// After a write of this instance has committed, and on every notification of another's.
    @discardableResult
    func bump() -> UInt64 {
        let newValue = value.add(1, ordering: .releasing).newValue
        let ready = changeWaiters.withLock { waiters in
            let ready = waiters.filter { $0.after < newValue }
            waiters.removeAll { $0.after < newValue }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
        return newValue
    }

    /// `body` in one transaction that, when `changed` says it changed anything, notifies every
    /// other instance as it commits, and moves this instance's version on once it has.
    func write<Result: Sendable>(
        through client: PostgresClient, logger: Logger, changed: @Sendable (Result) -> Bool,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let result = try await client.transaction(logger: logger) { connection in
            let result = try await body(connection)
            if changed(result) {
                try await connection.query("SELECT pg_notify(\(Self.channel), \(instanceID))", logger: logger)
            }
            return result
        }
        if changed(result) { bump() }
        return result
    }

    /// Returns once the version has moved past `version` (another instance wrote, say).
    func untilChanged(after version: UInt64) async {
        await withCheckedContinuation { continuation in
            let changed = changeWaiters.withLock { waiters in
                let changed = value.load(ordering: .acquiring) > version
                if !changed { waiters.append((version, continuation)) }
                return changed
            }
            if changed { continuation.resume() }
        }
    }

    /// Returns once this instance follows the other instances' writes.
    func untilListening() async {
        await withCheckedContinuation { continuation in
            let listening = listeningWaiters.withLock { waiters in
                let listening = isListening.load(ordering: .acquiring)
                if !listening { waiters.append(continuation) }
                return listening
            }
            if listening { continuation.resume() }
        }
    }

    /// Listens on one of `client`'s connections until cancelled, listening again after a lost
    /// connection (waiting `retryDelay` between attempts).
    func listen(through client: PostgresClient, retryDelay: Duration = .seconds(1), logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        // Writes committed before this point were never notified here.
                        isListening.store(true, ordering: .releasing)
                        bump()
                        for waiter in listeningWaiters.withLock({ waiters in
                            defer { waiters = [] }
                            return waiters
                        }) {
                            waiter.resume()
                        }
                        for try await notification in notifications where notification.payload != instanceID {
                            bump()
                        }
                    }
                }
            } catch is CancellationError {
                break
            } catch {
                if !Task.isCancelled {
                    logger.warning(
                        "Lost the database's change notifications; answers are not cached until they are back",
                        metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            isListening.store(false, ordering: .releasing)
            bump()
            try? await Task.sleep(for: retryDelay)
        }
        isListening.store(false, ordering: .releasing)
    }
}
