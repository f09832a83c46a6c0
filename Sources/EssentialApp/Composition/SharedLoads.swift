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

    private struct State {
        var nextID: UInt64 = 0
        var flights: [Key: Flight] = [:]
    }

    private let state = Mutex(State())

    init() {}

    func load(_ key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let (id, task) = state.withLock { state -> (UInt64, Task<Value, any Error>) in
            if var flight = state.flights[key] {
                flight.waiters += 1
                state.flights[key] = flight
                return (flight.id, flight.work)
            }
            let id = state.nextID
            state.nextID += 1
            let task = Task {
                defer { self.land(key, id: id) }
                return try await work()
            }
            state.flights[key] = Flight(id: id, work: task, waiters: 1)
            return (id, task)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            leave(key, id: id)
        }
    }

    /// How many callers wait for the load of `key` now.
    func waiters(for key: Key) -> Int {
        state.withLock { $0.flights[key]?.waiters ?? 0 }
    }

    private func land(_ key: Key, id: UInt64) {
        state.withLock { state in
            if state.flights[key]?.id == id { state.flights[key] = nil }
        }
    }

    private func leave(_ key: Key, id: UInt64) {
        let abandoned: Task<Value, any Error>? = state.withLock { state in
            guard var flight = state.flights[key], flight.id == id else { return nil }
            flight.waiters -= 1
            guard flight.waiters == 0 else {
                state.flights[key] = flight
                return nil
            }
            state.flights[key] = nil
            return flight.work
        }
        abandoned?.cancel()
    }
}
