import FeedAPIStorage
import Foundation
import HTTPServerHardening

/// The validated query of a list read a page at a time: `limit` (1 to 50) and one cursor
/// parameter naming where the previous page ended. Each is given at most once.
struct PageQuery<Cursor> {
    static var limitRange: ClosedRange<Int> { 1...50 }

    let limit: Int
    let cursor: Cursor?

    /// - Parameters:
    ///   - name: the cursor's parameter, such as `after` or `after_id`.
    ///   - expectation: what a valid cursor is, for the refusal's detail ("a username").
    ///   - read: the cursor a valid value stands for; `nil` refuses it.
    /// - Throws: `ProblemDetails` naming the parameter that is malformed, out of range or repeated.
    init(
        _ parameters: [(key: Substring, value: Substring)], cursor name: String, expecting expectation: String, defaultLimit: Int = 20,
        read: (Substring) -> Cursor?
    ) throws(ProblemDetails) {
        if let text = try parameters.single("limit") {
            guard let limit = Int(decimalDigits: text, maxDigits: 2), Self.limitRange.contains(limit) else {
                throw .invalidQueryParameter(
                    "limit",
                    detail: "expected a whole number from \(Self.limitRange.lowerBound) to \(Self.limitRange.upperBound), got \"\(Self.echo(text, 20))\".")
            }
            self.limit = limit
        } else {
            limit = defaultLimit
        }
        if let text = try parameters.single(name) {
            guard let cursor = read(text) else {
                throw .invalidQueryParameter(name, detail: "expected \(expectation), got \"\(Self.echo(text, 40))\".")
            }
            self.cursor = cursor
        } else {
            cursor = nil
        }
    }
}

extension PageQuery {
    /// The start of a refused value, as a refusal quotes it: counted in code points, so that a
    /// character made of a thousand combining marks is not echoed whole.
    static func echo(_ text: Substring, _ codePoints: Int) -> String {
        var echoed = String.UnicodeScalarView()
        echoed.append(contentsOf: text.unicodeScalars.prefix(codePoints))
        return String(echoed)
    }
}

extension PageQuery where Cursor == Username {
    /// `limit` and `after`, the username a page of people ends with.
    init(people parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) {
        try self.init(parameters, cursor: "after", expecting: "a username") { Username(String($0)) }
    }
}

extension PageQuery where Cursor == Int64 {
    /// `limit` and a cursor that is a row's number (a notification's id, a log entry's number).
    init(_ parameters: [(key: Substring, value: Substring)], numbered name: String, expecting expectation: String) throws(ProblemDetails) {
        try self.init(parameters, cursor: name, expecting: expectation) { text in
            Int(decimalDigits: text, maxDigits: 18).map(Int64.init)
        }
    }
}

extension Array where Element == (key: Substring, value: Substring) {
    /// The value of a parameter given at most once; `nil` when absent.
    func single(_ name: String) throws(ProblemDetails) -> Substring? {
        var found: Substring?
        for parameter in self where parameter.key == name {
            guard found == nil else { throw .invalidQueryParameter(name, detail: "given more than once.") }
            found = parameter.value
        }
        return found
    }
}
