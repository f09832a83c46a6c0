import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// Reports and moderation, with a token:
/// - `POST /v1/reports` `{image_id | comment_id | username, reason, note?}` → `201`: anyone
///   reports a photo, a comment or an account (one open report per person and target, at
///   most `openReportsPerPerson` open at once).
/// - For moderators and admins: `GET /v1/moderation/reports` (open reports, the oldest first,
///   with what they name), `POST /v1/moderation/reports/{id}/dismiss` `{reason?}`,
///   `POST`/`DELETE /v1/accounts/{username}/suspension` `{reason}`, and the audit log,
///   `GET /v1/moderation/log`. Removing content is `DELETE` on the photo or the comment.
struct ModerationController<Context: AuthRequestContext<APISession>>: Sendable {
    let moderation: any ModerationStore
    let urls: PublicURLs
    let now: @Sendable () -> Date

    static var openReportsPerPerson: Int { 20 }
    static var maximumNoteCharacters: Int { 1_000 }
    /// A report or a reason, every character escaped, with the JSON around it.
    static var maximumBodySize: Int { maximumNoteCharacters * 12 + 1_024 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.post("reports", use: report)
        protected.get("moderation/reports", use: openReports)
        protected.post("moderation/reports/{report-id}/dismiss", use: dismiss)
        protected.get("moderation/log", use: log)
        protected.post("accounts/{username}/suspension", use: suspend)
        protected.delete("accounts/{username}/suspension", use: liftSuspension)
    }

    @Sendable func report(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let body = try await JSONRequestBody.decode(ReportBody.self, from: request, maximumBytes: Self.maximumBodySize)
        let report = try body.accepted(reporterID: account.id, at: now())
        let id: Int64
        do {
            id = try await moderation.report(report, openReportsPerReporter: Self.openReportsPerPerson)
        } catch ModerationRefusal.unknownTarget {
            throw ProblemDetails(
                type: Self.typeBase + "unknown-report-target", title: "Unknown report target", status: .notFound,
                detail: "There is no such \(report.target.kind) to report.")
        } catch ModerationRefusal.alreadyReported {
            throw ProblemDetails(
                type: Self.typeBase + "already-reported", title: "Already reported", status: .conflict,
                detail: "You reported this already; moderators have not acted on it yet.")
        } catch ModerationRefusal.tooManyOpenReports {
            throw ProblemDetails(
                type: Self.typeBase + "too-many-reports", title: "Too many open reports", status: .tooManyRequests,
                detail: "You have \(Self.openReportsPerPerson) reports moderators have not acted on yet.")
        }
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("id", Int(id))
            Self.writeTarget(report.target, to: &object)
            object.field("reason", report.reason.rawValue)
            object.optionalField("note", report.note)
            object.field("created_at", APIDateFormat.string(from: report.createdAt))
        }
        return SessionIssuer.json(writer.buffer, status: .created)
    }

    @Sendable func openReports(_ request: Request, context: Context) async throws -> Response {
        _ = try await moderator(of: context)
        let page = try PageQuery(Array(request.uri.queryParameters), numbered: "after", expecting: "an entry's number")
        let reports = try await moderation.openReports(after: page.cursor, limit: page.limit)
        let encoder = FeedPageEncoder(urls: urls)
        var writer = JSONWriter(capacity: 512 + reports.count * 768)
        writer.object { object in
            object.field("items", array: reports) { writer, report in
                writer.object { object in
                    object.field("id", Int(report.id))
                    object.field("reporter") { $0.field("username", report.reporter) }
                    Self.writeTarget(report.target, to: &object)
                    object.field("reason", report.reason.rawValue)
                    object.optionalField("note", report.note)
                    object.field("created_at", APIDateFormat.string(from: report.createdAt))
                    guard let content = report.content else { return object.nullField("content") }
                    object.key("content")
                    switch content {
                    case let .image(item):
                        encoder.write(item, to: &object)
                    case let .comment(comment, imageID):
                        object.object { object in
                            object.field("id", comment.id.uuidString)
                            object.field("message", comment.message)
                            object.field("username", comment.username)
                            object.field("image_id", imageID.uuidString)
                            object.field("created_at", APIDateFormat.string(from: comment.createdAt))
                        }
                    case let .account(username, name, suspended):
                        object.object { object in
                            object.field("username", username)
                            object.field("display_name", name)
                            object.field("suspended", suspended)
                        }
                    }
                }
            }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func dismiss(_ request: Request, context: Context) async throws -> Response {
        let moderator = try await moderator(of: context)
        let text = context.parameters.get("report-id") ?? ""
        guard let number = Int(decimalDigits: Substring(text), maxDigits: 18) else {
            throw ProblemDetails.invalidPathParameter("report-id", detail: "expected a report's number.")
        }
        let reason = try await ModerationReason.body(of: request, required: false, maximumBytes: Self.maximumBodySize)
        do {
            try await moderation.dismissReport(Int64(number), by: moderator, reason: reason, at: now())
        } catch ModerationRefusal.unknownReport {
            throw ProblemDetails(
                type: Self.typeBase + "unknown-report", title: "Unknown report", status: .notFound, detail: "No open report has the number \(number).")
        }
        return Response(status: .noContent)
    }

    @Sendable func suspend(_ request: Request, context: Context) async throws -> Response {
        let (moderator, role) = try await moderatorWithRole(of: context)
        let username = try Self.username(in: context)
        guard username.value.lowercased() != moderator.lowercased() else {
            throw ProblemDetails(type: Self.typeBase + "invalid-suspension", title: "Invalid suspension", status: .badRequest, detail: "No one suspends themselves.")
        }
        if role != .admin, try await targetModerates(username) {
            throw Self.forbidden("Only an admin suspends a moderator or an admin.")
        }
        let reason = try await ModerationReason.body(of: request, required: true, maximumBytes: Self.maximumBodySize) ?? ""
        let date = now()
        try await unknownAccountAnswered(username) { try await moderation.suspend(username, reason: reason, by: moderator, at: date) }
        let suspension = try await moderation.suspension(of: username)
        var writer = JSONWriter(capacity: 256)
        writer.object { object in
            object.field("username", username.value)
            object.field("suspended_at", APIDateFormat.string(from: suspension?.since ?? date))
            object.field("reason", suspension?.reason ?? reason)
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func liftSuspension(_ request: Request, context: Context) async throws -> Response {
        let (moderator, role) = try await moderatorWithRole(of: context)
        let username = try Self.username(in: context)
        let reason = try ModerationReason.optional(in: request)
        if role != .admin, try await targetModerates(username) {
            throw Self.forbidden("Only an admin lifts the suspension of a moderator or an admin.")
        }
        guard try await moderation.suspension(of: username) != nil else {
            throw ProblemDetails(
                type: Self.typeBase + "not-suspended", title: "Not suspended", status: .notFound, detail: "\(username.value) is not suspended.")
        }
        try await unknownAccountAnswered(username) { try await moderation.liftSuspension(of: username, by: moderator, reason: reason, at: now()) }
        return Response(status: .noContent)
    }

    @Sendable func log(_ request: Request, context: Context) async throws -> Response {
        _ = try await moderator(of: context)
        let page = try PageQuery(Array(request.uri.queryParameters), numbered: "before", expecting: "an entry's number")
        let entries = try await moderation.log(before: page.cursor, limit: page.limit)
        var writer = JSONWriter(capacity: 256 + entries.count * 256)
        writer.object { object in
            object.field("items", array: entries) { writer, entry in
                writer.object { object in
                    object.field("id", Int(entry.id))
                    object.field("moderator", entry.moderator)
                    object.field("action", entry.action.rawValue)
                    Self.writeTarget(entry.target, to: &object)
                    object.optionalField("reason", entry.reason)
                    object.field("created_at", APIDateFormat.string(from: entry.createdAt))
                }
            }
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    // MARK: - Helpers

    private static var typeBase: String { "/essential-feed/problems/" }

    /// `target: {type, id}` for a photo or a comment, `{type, username}` for an account.
    private static func writeTarget(_ target: ReportTarget, to object: inout JSONWriter) {
        object.field("target") { object in
            object.field("type", target.kind)
            switch target {
            case let .image(id), let .comment(id): object.field("id", id.uuidString)
            case let .account(username): object.field("username", username)
            }
        }
    }

    private func moderator(of context: Context) async throws -> String {
        try await moderatorWithRole(of: context).username
    }

    /// The token's person's username, when they moderate; `403` otherwise.
    private func moderatorWithRole(of context: Context) async throws -> (username: String, role: AccountRole) {
        let account = try context.session().account
        let role = try await moderation.role(of: account.id)
        guard role.moderates else { throw Self.forbidden("Only moderators may do this.") }
        return (account.username.value, role)
    }

    private func targetModerates(_ username: Username) async throws -> Bool {
        try await moderation.role(ofAccountNamed: username)?.moderates ?? false
    }

    private func unknownAccountAnswered(_ username: Username, _ change: () async throws -> Void) async throws {
        do {
            try await change()
        } catch ModerationRefusal.unknownAccount {
            throw ProblemDetails(
                type: Self.typeBase + "unknown-account", title: "Unknown account", status: .notFound, detail: "No account is named \(username.value).")
        }
    }

    private static func forbidden(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: typeBase + "not-a-moderator", title: "Not a moderator", status: .forbidden, detail: detail)
    }

    private static func username(in context: Context) throws -> Username {
        let text = context.parameters.get("username") ?? ""
        guard let username = Username(text) else { throw ProblemDetails.invalidPathParameter("username", detail: "expected a username.") }
        return username
    }
}
