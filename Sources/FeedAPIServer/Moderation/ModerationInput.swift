import FeedAPIStorage
import Foundation
import Hummingbird
import NIOCore

/// `POST /v1/reports`: exactly one of `image_id`, `comment_id` and `username`, a `reason`
/// (`spam`, `abuse`, `illegal` or `other`) and an optional `note`.
struct ReportBody: Decodable, Sendable {
    let imageID: String?
    let commentID: String?
    let username: String?
    let reason: String
    let note: String?

    private enum CodingKeys: String, CodingKey {
        case imageID = "image_id"
        case commentID = "comment_id"
        case username, reason, note
    }

    func accepted(reporterID: Int64, at date: Date) throws -> NewReport {
        let targets = [imageID.map { ("image_id", $0) }, commentID.map { ("comment_id", $0) }, username.map { ("username", $0) }].compactMap { $0 }
        guard targets.count == 1, let (field, text) = targets.first else {
            throw ProblemDetails.invalidReport("Name exactly one of `image_id`, `comment_id` and `username`.")
        }
        let target: ReportTarget
        switch field {
        case "image_id", "comment_id":
            guard let id = UUID(exactly: text) else { throw ProblemDetails.invalidReport("`\(field)` must be a UUID.") }
            target = field == "image_id" ? .image(id) : .comment(id)
        default:
            guard let username = Username(text) else { throw ProblemDetails.invalidReport("`username` must be a username.") }
            target = .account(username.value)
        }
        guard let reason = ReportReason(rawValue: self.reason) else {
            throw ProblemDetails.invalidReport("`reason` must be one of spam, abuse, illegal and other.")
        }
        let note = try ModerationReason.text(note, field: "note")
        return NewReport(reporterID: reporterID, target: target, reason: reason, note: note, createdAt: date)
    }
}

/// Why a moderator acted: a `reason` in a JSON body, or in the query of a `DELETE`.
enum ModerationReason {
    static let maximumCharacters = ModerationController<FeedAPIContext>.maximumNoteCharacters

    /// `?reason=` of a request, trimmed; `nil` when absent or blank.
    static func optional(in request: Request) throws -> String? {
        let values = request.uri.queryParameters.getAll("reason")
        guard values.count <= 1 else { throw ProblemDetails.invalidQueryParameter("reason", detail: "given more than once.") }
        return try text(values.first.map { String($0) }, field: "reason")
    }

    /// `{reason}` of a JSON body; an empty body is no reason.
    static func body(of request: Request, required: Bool, maximumBytes: Int) async throws -> String? {
        struct Body: Decodable { let reason: String? }
        let buffer = try await JSONRequestBody.collect(request, maximumBytes: maximumBytes)
        let given: String?
        if buffer.readableBytes == 0 {
            given = nil
        } else {
            guard let body = try? JSONDecoder().decode(Body.self, from: Data(buffer: buffer)) else { throw ProblemDetails.invalidBody }
            given = try text(body.reason, field: "reason")
        }
        if required, given == nil { throw ProblemDetails.invalidReport("Give the `reason`: the account's owner is told it when they log in.") }
        return given
    }

    static func text(_ text: String?, field: String) throws -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard trimmed.count <= maximumCharacters else { throw ProblemDetails.invalidReport("`\(field)` must be at most \(maximumCharacters) characters.") }
        guard trimmed.unicodeScalars.allSatisfy({ $0 == "\n" || $0.properties.generalCategory != .control }) else {
            throw ProblemDetails.invalidReport("`\(field)` must not hold control characters other than line breaks.")
        }
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension ProblemDetails {
    static func invalidReport(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: "/essential-feed/problems/invalid-moderation-request", title: "Invalid request", status: .badRequest, detail: detail)
    }
}
