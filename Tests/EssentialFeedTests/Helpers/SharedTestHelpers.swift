import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func anyURL() -> URL {
    URL(string: "https://any-url.com")!
}

func anyData() -> Data {
    Data("any data".utf8)
}

func anyNSError() -> NSError {
    NSError(domain: "any error", code: 0)
}

extension HTTPURLResponse {
    convenience init(statusCode: Int, url: URL = anyURL()) {
        self.init(url: url, statusCode: statusCode, httpVersion: nil, headerFields: nil)!
    }
}

extension Date {
    /// Calendar arithmetic in UTC, so a day is always 24 hours whatever the machine's time zone.
    func adding(days: Int, calendar: Calendar = .gregorianUTC) -> Date {
        calendar.date(byAdding: .day, value: days, to: self)!
    }

    func adding(seconds: TimeInterval) -> Date {
        self + seconds
    }
}

extension Calendar {
    static var gregorianUTC: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
