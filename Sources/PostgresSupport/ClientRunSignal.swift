import PostgresNIO
import Synchronization

/// Runs a `PostgresClient` and lets work that starts beside it wait until it does: a
/// connection leased before `run()` has begun is still served, but the client logs a warning.
package final class ClientRunSignal: Sendable {
    private let state = Mutex<(isRunning: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    /// Runs `client` until cancelled, having told every waiter it runs.
    package func run(_ client: PostgresClient) async {
        let waiters = state.withLock { state in
            state.isRunning = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        // `run()` marks the client running before its first suspension.
        await client.run()
    }

    /// Returns once `run(_:)` has been called.
    package func untilRunning() async {
        await withCheckedContinuation { continuation in
            let isRunning = state.withLock { state in
                if !state.isRunning { state.waiters.append(continuation) }
                return state.isRunning
            }
            if isRunning { continuation.resume() }
        }
    }
}
