import Foundation

/// A moment as ISO 8601 text in UTC, `2020-05-20T11:24:59Z`, for machine-readable
/// attributes (`<time datetime>`): the same text as Foundation's `.iso8601` style, written
/// by arithmetic, since pages write one for each of their items.
public enum ISO8601DateText {
    public static func string(from date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.from(daysSinceEpoch: days)
        var text = ""
        text.reserveCapacity(20)
        append(year, width: 4, to: &text)
        text += "-"
        append(month, width: 2, to: &text)
        text += "-"
        append(day, width: 2, to: &text)
        text += "T"
        append(secondOfDay / 3_600, width: 2, to: &text)
        text += ":"
        append(secondOfDay % 3_600 / 60, width: 2, to: &text)
        text += ":"
        append(secondOfDay % 60, width: 2, to: &text)
        text += "Z"
        return text
    }

    private static func append(_ value: Int64, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }
}
