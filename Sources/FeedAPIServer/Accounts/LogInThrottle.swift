import Foundation

/// How many log-ins that did not succeed are checked before more are refused with `429`:
/// `perAddress` for one username from one client address, so a guesser is stopped without
/// shutting the owner out from their own address, and the much higher `perAccount` for one
/// username from everywhere, against guesses spread over many addresses.
///
/// An attempt counts from the moment it is let through, before its password is checked:
/// simultaneous guesses cannot all slip in before any of them has failed.
struct LogInThrottle: Sendable, Equatable {
    var perAddress = 5
    var perAccount = 100
    var window: TimeInterval = 15 * 60
}

/// One log-in attempt let through by the throttle, until its outcome is known.
struct LogInAttempt: Sendable, Equatable {
    let username: String
    let clientAddress: String
    let startedAt: Date
}

enum LogInAdmission: Sendable, Equatable {
    case admitted(LogInAttempt)
    /// Attempts for this username from this address (or from everywhere) may start again then.
    case throttled(until: Date)
}
