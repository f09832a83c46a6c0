/// The least a body must average once its grace period is over, and the longest it may take
/// in all: a body that trickles in holds its upload slot, and its memory, for as long as it
/// lasts (20 MB at the minimum rate alone would hold one for five hours).
public struct MinimumBodyRate: Equatable, Sendable {
    public var bytesPerSecond: Int
    public var gracePeriod: Duration
    public var maximumDuration: Duration

    public init(bytesPerSecond: Int = 1_024, gracePeriod: Duration = .seconds(10), maximumDuration: Duration = .seconds(600)) {
        self.bytesPerSecond = bytesPerSecond
        self.gracePeriod = gracePeriod
        self.maximumDuration = maximumDuration
    }

    func isMet(by bytes: Int, after elapsed: Duration) -> Bool {
        guard elapsed <= maximumDuration else { return false }
        guard elapsed > gracePeriod else { return true }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(bytes) >= Double(bytesPerSecond) * seconds
    }
}
