import Foundation
import HTTPServerSupport
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@Suite("/health/live and /health/ready, for load balancers and service managers")
struct HealthRoutesTests {
    @Test func live_answers200_whateverTheDatabase() async throws {
        try await withHealthRoutes(isReady: { false }) { client in
            try await client.execute(uri: "/health/live", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[.contentType] == "application/health+json")
                #expect(String(buffer: response.body) == #"{"status":"pass"}"#)
            }
        }
    }

    @Test func ready_answers200_whenItsStorageAnswers() async throws {
        try await withHealthRoutes(isReady: { true }) { client in
            try await client.execute(uri: "/health/ready", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"pass"}"#)
            }
        }
    }

    @Test func ready_answers503_whenItsStorageDoesNot() async throws {
        try await withHealthRoutes(isReady: { false }) { client in
            try await client.execute(uri: "/health/ready", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(String(buffer: response.body) == #"{"status":"fail"}"#)
            }
        }
    }

    @Test func ready_answers503_atItsDeadline_evenWhenTheCheckIgnoresCancellation() async throws {
        let hangingCheck = HangingCheck()
        try await withHealthRoutes(isReady: { await hangingCheck.run() }, deadline: .milliseconds(50)) { client in
            try await client.execute(uri: "/health/ready", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(!hangingCheck.hasFinished, "answered while the check still hung")
            }
        }
        hangingCheck.release()
    }

    @Test func headRequests_answerWithoutABody() async throws {
        try await withHealthRoutes(isReady: { true }) { client in
            try await client.execute(uri: "/health/live", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    private func withHealthRoutes(
        isReady: @escaping @Sendable () async -> Bool, deadline: Duration = .seconds(2),
        _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let router = Router(options: .autoGenerateHeadEndpoints)
        HealthRoutes<BasicRequestContext>(isReady: isReady, deadline: deadline).addRoutes(to: router)
        try await Application(router: router).test(.router, test)
    }
}

/// A check that waits, deaf to cancellation, until released (or, should the routes wait for
/// it, for at most five minutes, so a failing test ends).
private final class HangingCheck: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, finished: Bool)>((nil, false))

    var hasFinished: Bool { state.withLock { $0.finished } }

    func run() async -> Bool {
        await withCheckedContinuation { continuation in
            state.withLock { $0.continuation = continuation }
            DispatchQueue.global().asyncAfter(deadline: .now() + 300) { self.release() }
        }
        state.withLock { $0.finished = true }
        return true
    }

    func release() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume()
    }
}
