import FeedAPIStorage
import Foundation
import Hummingbird

/// An RFC 9457 problem: every error the API answers with has this body.
package struct ProblemDetails: Error, HTTPResponseError, Equatable {
    /// A URI reference naming the kind of problem; `about:blank` when the status says it all.
    let type: String
    let title: String
    package let status: HTTPResponse.Status
    let detail: String
    var headers: HTTPFields = [:]

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("type", type)
            object.field("title", title)
            object.field("status", status.code)
            object.field("detail", detail)
        }
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: writer.buffer))
    }
}

extension ProblemDetails {
    private static let typeBase = "/essential-feed/problems/"

    /// A problem that is just an HTTP status, such as a path no route matches.
    init(status: HTTPResponse.Status, detail: String, headers: HTTPFields = [:]) {
        self.init(type: "about:blank", title: status.reasonPhrase, status: status, detail: detail, headers: headers)
    }

    static func invalidQueryParameter(_ name: String, detail: String) -> ProblemDetails {
        ProblemDetails(
            type: typeBase + "invalid-query-parameter", title: "Invalid query parameter",
            status: .badRequest, detail: "Query parameter `\(name)`: \(detail)")
    }

    static func invalidPathParameter(_ name: String, detail: String) -> ProblemDetails {
        ProblemDetails(
            type: typeBase + "invalid-path-parameter", title: "Invalid path parameter",
            status: .badRequest, detail: "Path parameter `\(name)`: \(detail)")
    }

    static func unknownFeedItem(_ id: UUID) -> ProblemDetails {
        ProblemDetails(
            type: typeBase + "unknown-feed-item", title: "Unknown feed item",
            status: .notFound, detail: "No feed item has the id \(id.uuidString).")
    }

    static func unknownImage(_ id: UUID) -> ProblemDetails {
        ProblemDetails(
            type: typeBase + "unknown-image", title: "Unknown image",
            status: .notFound, detail: "No image has the id \(id.uuidString).")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> ProblemDetails {
        let allowList = allowed.map(\.rawValue).joined(separator: ", ")
        return ProblemDetails(
            status: .methodNotAllowed,
            detail: "\(method.rawValue) is not allowed here; use \(allowList).",
            headers: [.allow: allowList])
    }

    static let storageFull = ProblemDetails(
        type: typeBase + "storage-full", title: "Insufficient storage",
        status: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), detail: "The server's storage is full, so nothing new can be kept; try again later.")

    /// Nothing about where the database is or why: that goes to the log.
    static let databaseUnavailable = ProblemDetails(
        type: typeBase + "database-unavailable", title: "Database unavailable", status: .serviceUnavailable,
        detail: "The server cannot reach its database just now; try again in a few seconds.", headers: [.retryAfter: "5"])

    static let internalError = ProblemDetails(
        status: .internalServerError, detail: "The server could not answer this request; it has been logged.")
}
