import Foundation
import Synchronization

/// Something that happened which open event streams may tell their readers of.
package enum FeedChange: Equatable, Sendable {
    /// The notifications of this account changed: one came, or one went with its cause.
    case notificationsChanged(recipientID: Int64)
    /// This account posted this item.
    case posted(authorID: Int64, itemID: UUID)
}

/// Changes as they commit, to everyone listening in this process. With SQLite the stores
/// say what they changed; with PostgreSQL every instance hears every instance's changes.
///
/// A listener that does not keep up loses the oldest changes it was told of, never the
/// newest (each holds at most `buffered`): what it tells is read from the database anyway.
package final class FeedChanges: Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<FeedChange>.Continuation]>([:])
    private let hearing: Mutex<(isHearing: Bool, waiters: [CheckedContinuation<Void, Never>])>

    /// - Parameter hearing: whether changes are heard from the start (a store in this process
    ///   tells them), or only once `startedHearing()` says so (a database's notifications).
    package init(hearing: Bool = true) {
        self.hearing = Mutex((hearing, []))
    }

    /// Changes are heard from now on; those waiting in `untilHearing()` go on.
    package func startedHearing() {
        let waiters = hearing.withLock { state in
            state.isHearing = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Changes may be missed until `startedHearing()` (a connection lost).
    package func stoppedHearing() {
        hearing.withLock { $0.isHearing = false }
    }

    /// Returns once changes are heard.
    package func untilHearing() async {
        await withCheckedContinuation { continuation in
            let isHearing = hearing.withLock { state in
                if !state.isHearing { state.waiters.append(continuation) }
                return state.isHearing
            }
            if isHearing { continuation.resume() }
        }
    }

    package func publish(_ change: FeedChange) {
        for listener in listeners.withLock({ Array($0.values) }) {
            listener.yield(change)
        }
    }

    /// Changes from now on, until the stream is dropped.
    package func stream(buffered: Int = 256) -> AsyncStream<FeedChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedChange.self, bufferingPolicy: .bufferingNewest(buffered))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many listen now.
    package var listenerCount: Int { listeners.withLock { $0.count } }
}
