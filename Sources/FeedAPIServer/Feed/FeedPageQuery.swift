import Foundation
import HTTPServerHardening

/// The validated query of a feed page request: `limit` and `after_id`.
package struct FeedPageQuery: Hashable, Sendable {
    static let defaultLimit = 10

    let afterID: UUID?
    package let limit: Int

    init(afterID: UUID?, limit: Int) {
        self.afterID = afterID
        self.limit = limit
    }

    /// - Throws: `ProblemDetails` naming the parameter that is malformed, out of range or repeated.
    package init(parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) {
        let page = try PageQuery(parameters, cursor: "after_id", expecting: "a UUID", defaultLimit: Self.defaultLimit) { UUID(exactly: $0) }
        self.init(afterID: page.cursor, limit: page.limit)
    }

    /// `before_id`, which a person's posts also take (the photos just before one, for walking
    /// back through them); never with `after_id`.
    /// - Throws: `ProblemDetails` naming the parameter that is malformed or repeated.
    package static func beforeID(in parameters: [(key: Substring, value: Substring)]) throws(ProblemDetails) -> UUID? {
        guard let text = try parameters.single("before_id") else { return nil }
        guard let id = UUID(exactly: text) else {
            throw .invalidQueryParameter("before_id", detail: "expected a UUID, got \"\(text)\".")
        }
        guard try parameters.single("after_id") == nil else {
            throw .invalidQueryParameter("before_id", detail: "give either `after_id` or `before_id`, not both.")
        }
        return id
    }
}
