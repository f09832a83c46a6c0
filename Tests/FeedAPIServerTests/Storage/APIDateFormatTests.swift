import Foundation
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

@Suite struct APIDateFormatTests {
    @Test(arguments: [
        (1_589_973_899.0, "2020-05-20T11:24:59+0000"),
        (1_589_898_233.0, "2020-05-19T14:23:53+0000"),
        (0.0, "1970-01-01T00:00:00+0000"),
        (-1.0, "1969-12-31T23:59:59+0000"),
        (951_782_400.0, "2000-02-29T00:00:00+0000"),
        (1_582_934_399.0, "2020-02-28T23:59:59+0000"),
        (1_582_934_400.0, "2020-02-29T00:00:00+0000"),
        (4_107_542_399.0, "2100-02-28T23:59:59+0000"),
        (4_107_542_400.0, "2100-03-01T00:00:00+0000"),
        (1_704_067_199.999, "2023-12-31T23:59:59+0000")
    ])
    func string_formatsInUTCWithWholeSeconds(secondsSince1970: Double, expected: String) {
        #expect(APIDateFormat.string(from: Date(timeIntervalSince1970: secondsSince1970)) == expected)
    }

    @Test func string_matchesFoundationsFormatterOverManyDates() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        var seconds: Int64 = -2_208_988_800  // 1900-01-01
        while seconds < 4_102_444_800 {  // 2100-01-01
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(APIDateFormat.string(from: date) == formatter.string(from: date))
            seconds += 7_919_993  // a prime number of seconds, to vary the time of day
        }
    }

    @Test func date_readsBackEveryDateItWrites() {
        var seconds: Int64 = -2_208_988_800
        while seconds < 4_102_444_800 {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(APIDateFormat.date(from: APIDateFormat.string(from: date)) == date)
            seconds += 7_919_993
        }
    }

    @Test(arguments: [
        "", "2020-05-20T11:24:59Z", "2020-05-20T11:24:59+0100", "2020-05-20 11:24:59+0000", "2020-13-01T00:00:00+0000",
        "2021-02-29T00:00:00+0000", "2020-04-31T00:00:00+0000", "2020-05-20T24:00:00+0000", "2020-05-20T11:60:00+0000",
        "20x0-05-20T11:24:59+0000", "2020-05-20T11:24:59+00000"
    ])
    func date_refusesAnythingButTheExactForm(text: String) {
        #expect(APIDateFormat.date(from: text) == nil)
    }
}
