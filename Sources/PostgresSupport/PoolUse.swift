import CoreMetrics
import Metrics
import Synchronization

/// How busy a connection pool is, for an operator's `/metrics`: operations in flight, those
/// that found every connection taken and waited, and how long operations take. An operation
/// holds one connection at a time, so those in flight beyond the pool's connections wait.
package final class PoolUse: Sendable {
    private let capacity: Int
    private let inFlight = Mutex(0)
    private let inFlightGauge: Gauge
    private let waitingGauge: Gauge
    private let waits: Counter
    private let duration: Timer

    /// - Parameters:
    ///   - connections: the pool's most connections.
    ///   - reserved: of those, how many are held for good (a `LISTEN`, say).
    package init(connections: Int, reserved: Int = 0, metrics: any MetricsFactory) {
        capacity = max(connections - reserved, 1)
        Gauge(label: "database_pool_connections_max", factory: metrics).record(connections)
        inFlightGauge = Gauge(label: "database_operations_in_flight", factory: metrics)
        waitingGauge = Gauge(label: "database_operations_waiting_for_connection", factory: metrics)
        waits = Counter(label: "database_operation_waits_total", factory: metrics)
        duration = Timer(label: "database_operation_duration_seconds", factory: metrics)
        inFlightGauge.record(0)
        waitingGauge.record(0)
    }

    /// Operations running now (for tests and the gauges).
    package var operationsInFlight: Int {
        inFlight.withLock { $0 }
    }

    package func measure<Result>(_ operation: () async throws -> Result) async rethrows -> Result {
        let started = ContinuousClock.now
        // Recorded under the lock, so the gauges never end on an older count than the last.
        let startedCount = inFlight.withLock { count in
            count += 1
            record(count)
            return count
        }
        if startedCount > capacity { waits.increment() }
        defer {
            inFlight.withLock { count in
                count -= 1
                record(count)
            }
            duration.record(duration: started.duration(to: .now))
        }
        return try await operation()
    }

    private func record(_ count: Int) {
        inFlightGauge.record(count)
        waitingGauge.record(max(count - capacity, 0))
    }
}
