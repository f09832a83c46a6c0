import CoreMetrics
import Synchronization

/// How many uploads a server takes at once, in all and per person. Each upload holds up to
/// a photo's bytes in memory until it is done, so beyond these bounds a request is turned
/// away before its body is read, and memory stays bounded whoever sends what.
public final class UploadAdmission: Sendable {
    public let total: Int
    /// `nil`: one person may take every place.
    public let perPerson: Int?
    /// Places a person with an upload in progress cannot take for another: kept for those
    /// with none, so a few accounts sending slowly never hold every place.
    public let keptFreeForOthers: Int

    private struct State {
        var inUse = 0
        var byPerson: [String: Int] = [:]
    }

    private let state = Mutex(State())
    private let inProgress: Gauge?
    private let metrics: (any MetricsFactory)?

    /// - Parameter metrics: where the uploads in progress and those turned away are counted.
    public init(total: Int, perPerson: Int? = nil, keptFreeForOthers: Int = 0, metrics: (any MetricsFactory)? = nil) {
        self.total = total
        self.perPerson = perPerson
        self.keptFreeForOthers = keptFreeForOthers
        self.metrics = metrics
        inProgress = metrics.map { Gauge(label: "uploads_in_progress", factory: $0) }
        inProgress?.record(0)
    }

    public enum Refusal: Error, Equatable, Sendable {
        /// Every place is taken.
        case full
        /// This person already has `perPerson` uploads in progress, or one while the places
        /// left are kept for others.
        case personAtLimit
    }

    /// A place for one upload, given back by `release()` (once; later calls do nothing).
    public final class Ticket: Sendable {
        private let admission: UploadAdmission
        private let person: String
        private let released = Atomic(false)

        fileprivate init(admission: UploadAdmission, person: String) {
            self.admission = admission
            self.person = person
        }

        public func release() {
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            admission.giveBack(for: person)
        }
    }

    /// A place for `person`'s upload, or why there is none.
    public func admit(_ person: String) -> Result<Ticket, Refusal> {
        let refusal: Refusal? = state.withLock { state in
            let held = state.byPerson[person, default: 0]
            if let perPerson, held >= perPerson { return .personAtLimit }
            guard state.inUse < total else { return .full }
            if held > 0, total - state.inUse <= keptFreeForOthers { return .personAtLimit }
            state.inUse += 1
            state.byPerson[person, default: 0] += 1
            // Under the lock, so the gauge never ends on an older count than the last.
            inProgress?.record(state.inUse)
            return nil
        }
        if let refusal {
            if let metrics {
                let reason = refusal == .full ? "full" : "person_at_limit"
                Counter(label: "uploads_refused_total", dimensions: [("reason", reason)], factory: metrics).increment()
            }
            return .failure(refusal)
        }
        return .success(Ticket(admission: self, person: person))
    }

    /// Uploads in progress.
    public var inUse: Int {
        state.withLock { $0.inUse }
    }

    private func giveBack(for person: String) {
        state.withLock { state in
            state.inUse -= 1
            let remaining = state.byPerson[person, default: 1] - 1
            state.byPerson[person] = remaining > 0 ? remaining : nil
            inProgress?.record(state.inUse)
        }
    }
}
