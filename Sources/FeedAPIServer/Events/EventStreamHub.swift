import FeedAPIStorage
import Foundation
import Logging
import Synchronization

/// How many event streams may be open, and for how long.
struct EventStreamLimits: Sendable {
    /// Per person: their devices, or an app's connection for each of its servers.
    var perAccount = 8
    /// On this instance.
    var total = 10_000
    /// A stream ends after this; its reader reconnects and catches up (`Last-Event-ID`).
    var lifetime: Duration = .seconds(60 * 60)
    /// A comment line this often keeps proxies from closing a quiet stream, and finds a
    /// vanished reader (its write fails).
    var heartbeat: Duration = .seconds(15)
}

/// What an open stream is told to do.
enum EventSignal: Equatable, Sendable {
    /// Its reader's notifications changed.
    case notifications
    /// Someone its reader follows (or the reader) posted this item.
    case posted(itemID: UUID)
    /// Time for a heartbeat.
    case heartbeat
}

/// The streams open on this instance, and the changes they are told of: a post is checked
/// against the followers online once, not once per stream.
///
/// Changes are heard only while a stream is open: the first opens the listening, the last
/// closes it.
final class EventStreamHub: Sendable {
    struct Refused: Error, Equatable {
        let retryAfterSeconds: Int
    }

    /// One open stream: its signals end when the stream must (its lifetime, a shutdown).
    struct Subscription: Sendable {
        let signals: AsyncStream<EventSignal>
        /// Ends the signals (and so the stream) now.
        let end: @Sendable () -> Void
    }

    private struct Listener {
        let accountID: Int64
        let continuation: AsyncStream<EventSignal>.Continuation
    }

    private struct State {
        var listeners: [UUID: Listener] = [:]
        var perAccount: [Int64: Int] = [:]
        var hearing: Task<Void, Never>?
    }

    let limits: EventStreamLimits
    private let changes: FeedChanges
    private let social: any SocialGraph
    private let logger: Logger
    private let state = Mutex(State())

    init(changes: FeedChanges, social: any SocialGraph, limits: EventStreamLimits, logger: Logger) {
        self.changes = changes
        self.social = social
        self.limits = limits
        self.logger = logger
    }

    var openCount: Int { state.withLock { $0.listeners.count } }

    /// Opens a stream for the account, within the limits.
    /// - Throws: `Refused` when the account or the instance has as many as it may.
    func open(for accountID: Int64) throws(Refused) -> Subscription {
        // A stream that falls behind keeps only its latest signals: each is read again whole.
        let (signals, continuation) = AsyncStream.makeStream(of: EventSignal.self, bufferingPolicy: .bufferingNewest(32))
        let id = UUID()
        let opened = state.withLock { state -> Bool in
            guard state.listeners.count < self.limits.total, state.perAccount[accountID, default: 0] < self.limits.perAccount else { return false }
            state.listeners[id] = Listener(accountID: accountID, continuation: continuation)
            state.perAccount[accountID, default: 0] += 1
            if state.hearing == nil {
                let stream = changes.stream()
                state.hearing = Task { [weak self] in
                    for await change in stream {
                        await self?.tell(change)
                    }
                }
            }
            return true
        }
        guard opened else { throw Refused(retryAfterSeconds: 30) }
        let limits = limits
        let ticking = Task {
            let end = ContinuousClock.now + limits.lifetime
            while ContinuousClock.now < end {
                do {
                    try await Task.sleep(for: min(limits.heartbeat, end - ContinuousClock.now))
                } catch {
                    return
                }
                continuation.yield(.heartbeat)
            }
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in
            ticking.cancel()
            self?.close(id)
        }
        return Subscription(signals: signals, end: { continuation.finish() })
    }

    private func close(_ id: UUID) {
        let stopped = state.withLock { state -> Task<Void, Never>? in
            guard let listener = state.listeners.removeValue(forKey: id) else { return nil }
            let left = state.perAccount[listener.accountID, default: 1] - 1
            state.perAccount[listener.accountID] = left > 0 ? left : nil
            guard state.listeners.isEmpty else { return nil }
            defer { state.hearing = nil }
            return state.hearing
        }
        stopped?.cancel()
    }

    /// Ends every stream (the server is shutting down).
    func closeAll() {
        for listener in state.withLock({ Array($0.listeners.values) }) {
            listener.continuation.finish()
        }
    }

    private func tell(_ change: FeedChange) async {
        switch change {
        case let .notificationsChanged(recipientID):
            for listener in listeners(where: { $0 == recipientID }) {
                listener.continuation.yield(.notifications)
            }
        case let .posted(authorID, itemID):
            let online = Array(Set(listeners(where: { _ in true }).map(\.accountID)))
            let told: Set<Int64>
            do {
                told = try await social.followers(of: authorID, among: online).union([authorID])
            } catch {
                logger.warning("Could not tell the followers online of a post", metadata: ["error": "\(String(reflecting: error))"])
                return
            }
            for listener in listeners(where: { told.contains($0) }) {
                listener.continuation.yield(.posted(itemID: itemID))
            }
        }
    }

    private func listeners(where isTold: (Int64) -> Bool) -> [Listener] {
        state.withLock { $0.listeners.values.filter { isTold($0.accountID) } }
    }
}
