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

    var loadCount: Int { state.withLock { $0.loadCount } }
    var cancelledCount: Int { state.withLock { $0.cancelledCount } }
    var pendingCount: Int { state.withLock { $0.pending.count } }

    func load() async throws -> Resource {
        state.withLock { $0.loadCount += 1 }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    state.withLock { $0.pending.append(continuation) }
                }
            } onCancel: {
                let pending = state.withLock { state in
                    defer { state.pending.removeAll() }
                    return state.pending
                }
                pending.forEach { $0.resume(throwing: CancellationError()) }
            }
        } catch is CancellationError {
            state.withLock { $0.cancelledCount += 1 }
            throw CancellationError()
        }
    }

    func complete(with result: Result<Resource, any Error>) async {
        await waitForPendingLoad()
        let continuation = state.withLock { $0.pending.removeFirst() }
        continuation.resume(with: result)
    }

    func waitForPendingLoad() async {
        while pendingCount == 0 {
            await Task.yield()
        }
    }
}
