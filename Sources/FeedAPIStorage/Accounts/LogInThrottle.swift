import Foundation

/// How many log-ins that did not succeed are checked before more are refused with `429`:
/// `perAddress` for one username from one client address, so a guesser is stopped without
/// shutting the owner out from their own address, and the much higher `perAccount` for one
/// username from everywhere, against guesses spread over many addresses.
///
/// An attempt counts from the moment it is let through, before its password is checked:
/// simultaneous guesses cannot all slip in before any of them has failed.
package struct LogInThrottle: Sendable, Equatable {
    package var perAddress = 5
    package var perAccount = 100
    package var window: TimeInterval = 15 * 60

    package init(perAddress: Int = 5, perAccount: Int = 100, window: TimeInterval = 15 * 60) {
        self.perAddress = perAddress
        self.perAccount = perAccount
        self.window = window
    }

    /// Attempts that started at or before this moment no longer count.
    package func windowStart(at date: Date) -> TimeInterval {
        date.timeIntervalSince1970 - window
    }

    /// The rule every database applies, under its own lock, to the attempts it counted:
    /// `newestFromAddress` (at most `perAddress` of them) and `newestFromEverywhere` (at most
    /// `perAccount`), newest first, as seconds since 1970. `nil` lets the attempt through;
    /// otherwise attempts may start again when the oldest counted one leaves the window.
    package func refusal(newestFromAddress: [TimeInterval], newestFromEverywhere: [TimeInterval]) -> Date? {
        for (newest, limit) in [(newestFromAddress, perAddress), (newestFromEverywhere, perAccount)] {
            if newest.count >= limit, let oldest = newest.last {
                return Date(timeIntervalSince1970: oldest + window)
            }
        }
        return nil
    }
}

/// One log-in attempt let through by the throttle, until its outcome is known.
package struct LogInAttempt: Sendable, Equatable {
    package let username: String
    package let clientAddress: String
    package let startedAt: Date

    package init(username: String, clientAddress: String, startedAt: Date) {
        self.username = username
        self.clientAddress = clientAddress
        self.startedAt = startedAt
    }
}

package enum LogInAdmission: Sendable, Equatable {
    case admitted(LogInAttempt)
    /// Attempts for this username from this address (or from everywhere) may start again then.
    case throttled(until: Date)
}
