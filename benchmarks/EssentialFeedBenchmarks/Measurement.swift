import Foundation

/// Runs an operation a number of times after a warm-up and reports the median,
/// which is steadier than the mean on a shared machine.
struct Measurement {
    let name: String
    let median: Duration
    let iterations: Int

    static func measure(
        _ name: String,
        warmUp: Int = 3,
        iterations: Int,
        _ operation: () async throws -> Void
    ) async rethrows -> Measurement {
        for _ in 0..<warmUp { try await operation() }
        let clock = ContinuousClock()
        var durations: [Duration] = []
        durations.reserveCapacity(iterations)
        for _ in 0..<iterations {
            durations.append(try await clock.measure { try await operation() })
        }
        durations.sort()
        return Measurement(name: name, median: durations[durations.count / 2], iterations: iterations)
    }

    var milliseconds: Double {
        let (seconds, attoseconds) = median.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
