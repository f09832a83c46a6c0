import Foundation
import HTTPServerHardening

/// The validated query of a feed page request: `limit` and `after_id`.
package struct FeedPageQuery: Hashable, Sendable {
    static let defaultLimit = 10
    static let limitRange = 1...50

    let afterID: UUID?
    package let limit: Int

    init(afterID: UUID?, limit: Int) {
        self.afterID = afterID
        self.limit = limit
    }

    /// - Throws: `ProblemDetails` naming the parameter that is malformed, out of range or repeated.
    package init(parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) {
        let limitText = try Self.single("limit", in: parameters)
        let afterIDText = try Self.single("after_id", in: parameters)

        if let limitText {
            guard let limit = Int(decimalDigits: limitText, maxDigits: 2), Self.limitRange.contains(limit) else {
                throw .invalidQueryParameter(
                    "limit",
                    detail: "expected a whole number from \(Self.limitRange.lowerBound) to \(Self.limitRange.upperBound), got \"\(limitText)\".")
            }
            self.limit = limit
        } else {
            limit = Self.defaultLimit
        }

        if let afterIDText {
            guard let afterID = UUID(exactly: afterIDText) else {
                throw .invalidQueryParameter("after_id", detail: "expected a UUID, got \"\(afterIDText)\".")
            }
            self.afterID = afterID
        } else {
            afterID = nil
        }
    }

    /// `before_id`, which a person's posts also take (the photos just before one, for walking
    /// back through them); never with `after_id`.
    /// - Throws: `ProblemDetails` naming the parameter that is malformed or repeated.
    package static func beforeID(in parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) -> UUID? {
        guard let text = try single("before_id", in: parameters) else { return nil }
        guard let id = UUID(exactly: text) else {
            throw .invalidQueryParameter("before_id", detail: "expected a UUID, got \"\(text)\".")
        }
        guard try single("after_id", in: parameters) == nil else {
            throw .invalidQueryParameter("before_id", detail: "give either `after_id` or `before_id`, not both.")
        }
        return id
    }

    private static func single(_ name: String, in parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) -> Substring? {
        var found: Substring?
        for parameter in parameters where parameter.key == name {
            guard found == nil else { throw .invalidQueryParameter(name, detail: "given more than once.") }
            found = parameter.value
        }
        return found
    }
}
