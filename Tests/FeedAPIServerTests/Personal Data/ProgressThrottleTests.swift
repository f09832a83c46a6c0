import Foundation
import Testing

@testable import PersonalArchives

/// A running job's state file is rewritten at each new percent, and at least every half
/// minute between two slow steps, so the job never reads as interrupted while it works.
struct ProgressThrottleTests {
    private let started = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func savesEachNewPercent_notEachStep() {
        var throttle = ProgressThrottle(startedAt: started)

        let saved = [0.004, 0.011, 0.015, 0.021].map { throttle.shouldSave($0, at: started) }

        #expect(saved == [false, true, false, true])
    }

    @Test func savesEveryHalfMinute_whenTheProgressCreeps() {
        var throttle = ProgressThrottle(startedAt: started)

        let saved = [(0.001, 29.0), (0.002, 30), (0.003, 59), (0.003, 60)].map { throttle.shouldSave($0, at: started.addingTimeInterval($1)) }

        #expect(saved == [false, true, false, true])
    }

    @Test func leavesTheEndToTheJobsOwnSave() {
        var throttle = ProgressThrottle(startedAt: started)

        let saved = throttle.shouldSave(1, at: started.addingTimeInterval(3_600))

        #expect(saved == false)
    }
}
