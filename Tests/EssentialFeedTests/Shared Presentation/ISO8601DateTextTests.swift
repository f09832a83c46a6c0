import EssentialFeed
import Foundation
import Testing

@Suite struct ISO8601DateTextTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_590_000_000.0, "2020-05-20T18:40:00Z"),
        (951_782_400.0, "2000-02-29T00:00:00Z"),
        (1_798_761_599.9, "2026-12-31T23:59:59Z"),
        (-1.0, "1969-12-31T23:59:59Z"),
        (4_102_444_800.0, "2100-01-01T00:00:00Z")
    ])
    func string_isTheMomentInUTC_toTheSecond(seconds: TimeInterval, expected: String) {
        #expect(ISO8601DateText.string(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func string_isFoundationsISO8601Text_acrossCenturiesOfDays() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator)))

            #expect(ISO8601DateText.string(from: date) == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
        }
    }
}
