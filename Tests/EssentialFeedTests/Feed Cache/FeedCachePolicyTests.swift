import Foundation
import Testing

@testable import EssentialFeed

@Suite struct FeedCachePolicyTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func validate_acceptsCacheLessThanSevenDaysOld() {
        let almostExpired = now.minusFeedCacheMaxAge().adding(seconds: 1)

        #expect(FeedCachePolicy.validate(almostExpired, against: now))
        #expect(FeedCachePolicy.validate(now, against: now))
    }

    @Test func validate_rejectsCacheExactlySevenDaysOld() {
        #expect(!FeedCachePolicy.validate(now.minusFeedCacheMaxAge(), against: now))
    }

    @Test func validate_rejectsCacheMoreThanSevenDaysOld() {
        let expired = now.minusFeedCacheMaxAge().adding(seconds: -1)

        #expect(!FeedCachePolicy.validate(expired, against: now))
    }

    @Test func validate_countsSevenCalendarDaysOfTwentyFourHours() {
        #expect(FeedCachePolicy.validate(now.addingTimeInterval(-(7 * 24 * 60 * 60 - 1)), against: now))
        #expect(!FeedCachePolicy.validate(now.addingTimeInterval(-(7 * 24 * 60 * 60)), against: now))
    }
}
