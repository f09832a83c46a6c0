import Foundation
import Synchronization

/// Whether the API still honours a session's token, asked at most once per `interval` for each
/// session. Removing an account or setting its password revokes its tokens at the API; the
/// app's sessions of it end at their next request after that, on every app instance. An API
/// that cannot be reached, or does not answer within `answerTimeout`, revokes nothing: a
/// person reading offline stays logged in, and a slow API never holds a page for long.
final class TokenRevocationCheck: Sendable {
    /// What the API says of a token: `true` honoured, `false` refused, `nil` no answer.
    typealias Ask = @Sendable (_ apiToken: String) async -> Bool?

    static var defaultInterval: TimeInterval { 5 }
    /// Sessions whose last confirmation is remembered; beyond, the oldest are asked again.
    private static var capacity: Int { 50_000 }

    private let interval: TimeInterval
    private let answerTimeout: Duration
    private let currentDate: @Sendable () -> Date
    private let ask: Ask
    private let confirmedAt = Mutex<[Data: Date]>([:])

    init(
        interval: TimeInterval = TokenRevocationCheck.defaultInterval, answerTimeout: Duration = .seconds(1),
        currentDate: @escaping @Sendable () -> Date, ask: @escaping Ask
    ) {
        self.interval = interval
        self.answerTimeout = answerTimeout
        self.currentDate = currentDate
        self.ask = ask
    }

    /// Whether `session`'s token was revoked. The session's confirmation is renewed before the
    /// API is asked, so the requests a page makes at once ask once between them.
    func isRevoked(_ session: ActiveSession) async -> Bool {
        let key = session.secrets.storageKey
        let now = currentDate()
        let isFresh = confirmedAt.withLock { confirmed in
            if let last = confirmed[key], last <= now, now.timeIntervalSince(last) < interval { return true }
            Self.makeRoom(in: &confirmed, before: now.addingTimeInterval(-interval))
            confirmed[key] = now
            return false
        }
        guard !isFresh else { return false }
        guard await answer(for: session.apiToken) == false else { return false }
        forget(key)
        return true
    }

    /// The API's answer, or `nil` once `answerTimeout` has passed without one. The question
    /// is cancelled then, and not waited for.
    private func answer(for token: String) async -> Bool? {
        let (answers, answer) = AsyncStream<Bool?>.makeStream(bufferingPolicy: .unbounded)
        let asking = Task { [ask] in answer.yield(await ask(token)) }
        let timeout = Task { [answerTimeout] in
            // Cancelled when the API answered first.
            guard (try? await Task.sleep(for: answerTimeout)) != nil else { return }
            answer.yield(nil)
        }
        var first: Bool?? = nil
        for await received in answers {
            first = received
            break
        }
        asking.cancel()
        timeout.cancel()
        answer.finish()
        return first ?? nil
    }

    /// A token the API has just handed out needs no asking.
    func confirmed(_ key: Data) {
        let now = currentDate()
        confirmedAt.withLock { confirmed in
            Self.makeRoom(in: &confirmed, before: now.addingTimeInterval(-interval))
            confirmed[key] = now
        }
    }

    func forget(_ key: Data) {
        _ = confirmedAt.withLock { $0.removeValue(forKey: key) }
    }

    private static func makeRoom(in confirmed: inout [Data: Date], before staleDate: Date) {
        guard confirmed.count >= capacity else { return }
        confirmed = confirmed.filter { $0.value >= staleDate }
        if confirmed.count >= capacity { confirmed.removeAll(keepingCapacity: true) }
    }
}
