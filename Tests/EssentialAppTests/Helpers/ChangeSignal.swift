import Synchronization

/// Lets a test wait, without spinning, until a condition on some state holds: whoever
/// changes that state calls `changed()`, and each waiter checks its condition again.
final class ChangeSignal: Sendable {
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])

    /// Returns once `condition` holds (or the task is cancelled); `condition` must read state
    /// whose every change is followed by `changed()`.
    func wait(until condition: @Sendable () -> Bool) async {
        while !condition(), !Task.isCancelled {
            await withCheckedContinuation { continuation in
                let holdsNow = waiters.withLock { waiters -> Bool in
                    if condition() { return true }
                    waiters.append(continuation)
                    return false
                }
                if holdsNow { continuation.resume() }
            }
        }
    }

    /// The same, for at most `limit`, so that a broken promise fails the test instead of
    /// hanging it; tells whether `condition` holds.
    func wait(until condition: @escaping @Sendable () -> Bool, within limit: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait(until: condition) }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
            changed()
        }
        return condition()
    }

    func changed() {
        let waiting = waiters.withLock { waiters in
            defer { waiters.removeAll() }
            return waiters
        }
        waiting.forEach { $0.resume() }
    }
}
