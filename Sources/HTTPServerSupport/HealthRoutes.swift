import Hummingbird
import Synchronization

/// `GET /health/live` and `GET /health/ready` at the root of a server's port, for load
/// balancers and service managers: live while the process answers at all; ready while the
/// storage it needs answers too, so a balancer sends its requests elsewhere meanwhile.
/// Answers are never cached, and a check that hangs is a failed one at `deadline`.
public struct HealthRoutes<Context: RequestContext>: Sendable {
    public static var livePath: String { "/health/live" }
    public static var readyPath: String { "/health/ready" }

    private let isReady: @Sendable () async -> Bool
    private let deadline: Duration

    public init(isReady: @escaping @Sendable () async -> Bool, deadline: Duration = .seconds(2)) {
        self.isReady = isReady
        self.deadline = deadline
    }

    public func addRoutes(to router: some RouterMethods<Context>) {
        router.get(RouterPath(Self.livePath)) { _, _ in Self.answer(passing: true) }
        router.get(RouterPath(Self.readyPath)) { _, _ in Self.answer(passing: await readiness()) }
    }

    /// The check's answer, or `false` at the deadline even when the check ignores cancellation
    /// (a driver waiting on a socket): the answer never waits for it.
    private func readiness() async -> Bool {
        let outcome = FirstOutcome()
        let check = isReady
        let deadline = deadline
        return await withCheckedContinuation { continuation in
            outcome.await(continuation)
            let checking = Task { outcome.settle(await check()) }
            Task {
                try? await Task.sleep(for: deadline)
                if outcome.settle(false) { checking.cancel() }
            }
        }
    }

    private static func answer(passing: Bool) -> Response {
        let body = passing ? #"{"status":"pass"}"# : #"{"status":"fail"}"#
        return Response(
            status: passing ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/health+json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Resumes a waiting continuation with the first of several answers; later ones are dropped.
private final class FirstOutcome: Sendable {
    private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

    func await(_ waiting: CheckedContinuation<Bool, Never>) {
        continuation.withLock { $0 = waiting }
    }

    /// Whether this answer was the first.
    @discardableResult
    func settle(_ answer: Bool) -> Bool {
        guard
            let waiting = continuation.withLock({ current -> CheckedContinuation<Bool, Never>? in
                defer { current = nil }
                return current
            })
        else { return false }
        waiting.resume(returning: answer)
        return true
    }
}
