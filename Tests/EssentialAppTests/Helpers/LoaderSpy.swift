import Foundation
import Synchronization

/// A loader whose loads stay pending until the test completes them, recording how
/// many were started and whether they were cancelled.
final class LoaderSpy<Resource: Sendable>: Sendable {
    private struct State {
        var loadCount = 0
        var cancelledCount = 0
        var pending: [CheckedContinuation<Resource, any Error>] = []
    }

    private let state = Mutex(State())
    private let changes = ChangeSignal()

    var loadCount: Int { state.withLock { $0.loadCount } }
    var cancelledCount: Int { state.withLock { $0.cancelledCount } }
    var pendingCount: Int { state.withLock { $0.pending.count } }

    func load() async throws -> Resource {
        state.withLock { $0.loadCount += 1 }
        changes.changed()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    state.withLock { $0.pending.append(continuation) }
                    changes.changed()
                }
            } onCancel: {
                let pending = state.withLock { state in
                    defer { state.pending.removeAll() }
                    return state.pending
                }
                changes.changed()
                pending.forEach { $0.resume(throwing: CancellationError()) }
            }
        } catch is CancellationError {
            state.withLock { $0.cancelledCount += 1 }
            changes.changed()
            throw CancellationError()
        }
    }

    func complete(with result: Result<Resource, any Error>) async {
        await waitForPendingLoad()
        let continuation = state.withLock { $0.pending.removeFirst() }
        changes.changed()
        continuation.resume(with: result)
    }

    func waitForPendingLoad() async {
        await waitUntil(pendingLoads: 1)
    }

    /// Returns once at least `count` loads are pending.
    func waitUntil(pendingLoads count: Int) async {
        await changes.wait { self.pendingCount >= count }
    }

    /// Waits, for at most `limit`, until a load was cancelled; tells whether one was.
    func waitForCancellation(within limit: Duration = .seconds(30)) async -> Bool {
        await changes.wait(until: { self.cancelledCount > 0 }, within: limit)
    }
}
