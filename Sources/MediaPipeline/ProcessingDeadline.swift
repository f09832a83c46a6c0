import CVips

/// When the work on a photo must be over, on the monotonic clock. Started when a photo's bytes
/// have arrived, it covers the wait for a free thread too.
public struct ProcessingDeadline: Sendable {
    let monotonicMicroseconds: gint64

    public init(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds.multipliedReportingOverflow(by: 1_000_000)
        let span = microseconds.overflow ? Int64.max / 2 : microseconds.partialValue + attoseconds / 1_000_000_000_000
        monotonicMicroseconds = ef_vips_monotonic_microseconds() + gint64(min(max(0, span), Int64.max / 2))
    }

    public var hasPassed: Bool { ef_vips_monotonic_microseconds() >= monotonicMicroseconds }
}
