import Synchronization

/// Loads that run at the same time with the same key share one run of the work: a
/// hundred tabs opening the feed at once cost one API request and one cache write.
///
/// A load that starts after the shared one finished starts afresh, so nothing is served
/// older than the moment it was asked for. The shared work is cancelled only when every
/// caller waiting for it has been cancelled.
final class SharedLoads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Flight {
        let id: UInt64
        let work: Task<Value, any Error>
        var waiters: Int
    }

    /// Someone waiting until `count` callers wait for the load of `key`.
    private struct Watcher {
        let key: Key
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var nextID: UInt64 = 0
        var flights: [Key: Flight] = [:]
        var watchers: [Watcher] = []

        func waiters(for key: Key) -> Int {
            flights[key]?.waiters ?? 0
        }

        /// Takes out the watchers whose count is reached, to be resumed outside the lock.
        mutating func reachedWatchers() -> [Watcher] {
            guard !watchers.isEmpty else { return [] }
            var reached: [Watcher] = []
            var waiting: [Watcher] = []
            for watcher in watchers {
                if waiters(for: watcher.key) == watcher.count { reached.append(watcher) } else { waiting.append(watcher) }
            }
            watchers = waiting
            return reached
        }
    }

    private let state = Mutex(State())

    init() {}

    func load(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let (id, task, reached) = state.withLock { state -> (UInt64, Task<Value, any Error>, [Watcher]) in
            if var flight = state.flights[key] {
                flight.waiters += 1
                state.flights[key] = flight
                return (flight.id, flight.work, state.reachedWatchers())
            }
            let id = state.nextID
            state.nextID += 1
            let task = Task {
                defer { self.land(key, id: id) }
                return try await work()
            }
            state.flights[key] = Flight(id: id, work: task, waiters: 1)
            return (id, task, state.reachedWatchers())
        }
        reached.forEach { $0.continuation.resume() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            leave(key, id: id)
        }
    }

    /// How many callers wait for the load of `key` now.
    func waiters(for key: Key) -> Int {
        state.withLock { $0.waiters(for: key) }
    }

    /// Returns once exactly `count` callers wait for the load of `key`, for a caller that must
    /// know a load is shared before it ends.
    func waitUntil(waiters count: Int, for key: Key) async {
        await withCheckedContinuation { continuation in
            let isReached = state.withLock { state -> Bool in
                guard state.waiters(for: key) != count else { return true }
                state.watchers.append(Watcher(key: key, count: count, continuation: continuation))
                return false
            }
            if isReached { continuation.resume() }
        }
    }

    private func land(_ key: Key, id: UInt64) {
        let reached = state.withLock { state -> [Watcher] in
            guard state.flights[key]?.id == id else { return [] }
            state.flights[key] = nil
            return state.reachedWatchers()
        }
        reached.forEach { $0.continuation.resume() }
    }

    private func leave(_ key: Key, id: UInt64) {
        let (abandoned, reached) = state.withLock { state -> (Task<Value, any Error>?, [Watcher]) in
            guard var flight = state.flights[key], flight.id == id else { return (nil, []) }
            flight.waiters -= 1
            guard flight.waiters == 0 else {
                state.flights[key] = flight
                return (nil, state.reachedWatchers())
            }
            state.flights[key] = nil
            return (flight.work, state.reachedWatchers())
        }
        reached.forEach { $0.continuation.resume() }
        abandoned?.cancel()
    }
}
