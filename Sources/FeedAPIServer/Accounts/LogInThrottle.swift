import Foundation

/// After `limit` failed log-ins for one username within `window`, further attempts are refused
/// until the oldest of those failures leaves the window — even with the right password.
struct LogInThrottle: Sendable {
    var limit = 5
    var window: TimeInterval = 15 * 60

    /// When attempts for a username with these recent failures (oldest first) may start again;
    /// `nil` when they may now.
    func retryDate(afterFailures failures: [Date]) -> Date? {
        guard failures.count >= limit else { return nil }
        return failures[failures.count - limit].addingTimeInterval(window)
    }
}
