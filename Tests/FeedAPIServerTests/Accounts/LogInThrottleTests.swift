import Foundation
import Testing

@testable import FeedAPIStorage

@Suite struct LogInThrottleTests {
    private let throttle = LogInThrottle(perAddress: 3, perAccount: 5, window: 600)

    @Test func refusal_underBothLimits_letsTheAttemptThrough() {
        #expect(throttle.refusal(newestFromAddress: [30, 20], newestFromEverywhere: [40, 30, 20, 10]) == nil)
    }

    @Test func refusal_atTheLimitForOneAddress_lastsUntilTheOldestCountedAttemptLeavesTheWindow() {
        let until = throttle.refusal(newestFromAddress: [300, 200, 100], newestFromEverywhere: [300, 200, 100])

        #expect(until == Date(timeIntervalSince1970: 700))
    }

    @Test func refusal_atTheLimitFromEverywhere_refusesAnAddressThatTriedLess() {
        let until = throttle.refusal(newestFromAddress: [500], newestFromEverywhere: [500, 400, 300, 200, 100])

        #expect(until == Date(timeIntervalSince1970: 700))
    }

    @Test func windowStart_isTheWindowBeforeTheAttempt() {
        #expect(throttle.windowStart(at: Date(timeIntervalSince1970: 1_000)) == 400)
    }
}
