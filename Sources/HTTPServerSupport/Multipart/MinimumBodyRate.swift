/// The least a body must average once its grace period is over: a body that trickles in
/// holds its upload slot, and its memory, for as long as it lasts.
public struct MinimumBodyRate: Equatable, Sendable {
    public var bytesPerSecond: Int
    public var gracePeriod: Duration

    public init(bytesPerSecond: Int = 1_024, gracePeriod: Duration = .seconds(10)) {
        self.bytesPerSecond = bytesPerSecond
        self.gracePeriod = gracePeriod
    }

    func isMet(by bytes: Int, after elapsed: Duration) -> Bool {
        guard elapsed > gracePeriod else { return true }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(bytes) >= Double(bytesPerSecond) * seconds
    }
}
