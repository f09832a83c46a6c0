import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reporting, and what moderators do, through an `AuthenticatedHTTPClient`.
public enum ModerationEndpoint: Sendable {
    case report(ReportSubject, reason: ReportReason, note: String?)
    case openReports
    case dismiss(reportID: Int64, reason: String?)
    /// Removes a photo or a comment (a moderator's `DELETE`, logged with `reason`).
    case remove(ReportSubject, reason: String?)
    case suspend(username: String, reason: String)
    case liftSuspension(username: String, reason: String? = nil)
    case log

    /// How many reports or log entries a page asks for.
    public static let pageSize = 50

    public func request(baseURL: URL) throws -> URLRequest {
        let version = baseURL.appending(path: "v1")
        switch self {
        case let .report(subject, reason, note):
            var body: [String: String] = ["reason": reason.rawValue]
            switch subject {
            case let .photo(id): body["image_id"] = id.uuidString
            case let .comment(id, _): body["comment_id"] = id.uuidString
            case let .account(username): body["username"] = username
            }
            if let note { body["note"] = note }
            return try JSONRequest.make("POST", url: version.appending(path: "reports"), body: body)
        case .openReports:
            return JSONRequest.make("GET", url: version.appending(path: "moderation/reports").appending(queryItems: [Self.limit]))
        case let .dismiss(id, reason):
            return try JSONRequest.make("POST", url: version.appending(path: "moderation/reports/\(id)/dismiss"), body: Reason(reason: reason))
        case let .remove(subject, reason):
            let path: String =
                switch subject {
                case let .photo(id): "image/\(id.uuidString)"
                case let .comment(id, photoID): "image/\(photoID.uuidString)/comments/\(id.uuidString)"
                case let .account(username): "accounts/\(username)/suspension"
                }
            return JSONRequest.make("DELETE", url: Self.withReason(version.appending(path: path), reason))
        case let .suspend(username, reason):
            return try JSONRequest.make("POST", url: version.appending(path: "accounts/\(username)/suspension"), body: Reason(reason: reason))
        case let .liftSuspension(username, reason):
            return JSONRequest.make("DELETE", url: Self.withReason(version.appending(path: "accounts/\(username)/suspension"), reason))
        case .log:
            return JSONRequest.make("GET", url: version.appending(path: "moderation/log").appending(queryItems: [Self.limit]))
        }
    }

    private static var limit: URLQueryItem { URLQueryItem(name: "limit", value: String(pageSize)) }

    private static func withReason(_ url: URL, _ reason: String?) -> URL {
        guard let reason, !reason.isEmpty else { return url }
        return url.appending(queryItems: [URLQueryItem(name: "reason", value: reason)])
    }

    private struct Reason: Encodable {
        let reason: String?
    }
}

public enum ModerationMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
        /// Only moderators may (or, for a suspension, only admins may suspend a moderator).
        case notAllowed
        /// The reporter reported it already, and no moderator has acted yet.
        case alreadyReported
        /// The reporter has as many open reports as they may.
        case tooManyReports
        /// The API refused what was sent (a reason or a note too long, oneself suspended).
        case invalidRequest
    }

    /// A change (a report, a dismissal, a removal, a suspension) the API took.
    /// - Throws: `ResourceNotFoundError` for `404` (what it names is gone).
    public static func mapChange(_ response: HTTPURLResponse) throws {
        try check(response)
        guard (200...299).contains(response.statusCode) else { throw Error.invalidData }
    }

    public static func mapReports(_ data: Data, from response: HTTPURLResponse) throws -> [ModerationReport] {
        try check(response)
        guard response.statusCode == 200, let root = try? JSONDecoder().decode(ReportsRoot.self, from: data) else { throw Error.invalidData }
        return root.items.compactMap(\.model)
    }

    public static func mapLog(_ data: Data, from response: HTTPURLResponse) throws -> [ModerationLogEntry] {
        try check(response)
        guard response.statusCode == 200, let root = try? JSONDecoder().decode(LogRoot.self, from: data) else { throw Error.invalidData }
        return root.items.compactMap(\.model)
    }

    private static func check(_ response: HTTPURLResponse) throws {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 400, 413: throw Error.invalidRequest
        case 401: throw Error.authenticationRequired
        case 403: throw Error.notAllowed
        case 409: throw Error.alreadyReported
        case 429: throw Error.tooManyReports
        default: return
        }
    }

    private struct ReportsRoot: Decodable {
        let items: [RemoteReport]
    }

    private struct RemoteTarget: Decodable {
        let type: String
        let id: String?
        let username: String?
    }

    private struct RemoteReport: Decodable {
        let id: Int64
        let reporter: String
        let reason: String
        let note: String?
        let createdAt: String
        let content: ModerationReport.Content?

        private struct Reporter: Decodable {
            let username: String
        }

        private enum CodingKeys: String, CodingKey {
            case id, reporter, reason, note, target, content
            case createdAt = "created_at"
        }

        /// The content is read as its target's kind says: a photo as the feed gives it, a
        /// comment or an account; one the app cannot read leaves the report without it.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            reporter = try container.decode(Reporter.self, forKey: .reporter).username
            reason = try container.decode(String.self, forKey: .reason)
            note = try container.decodeIfPresent(String.self, forKey: .note)
            createdAt = try container.decode(String.self, forKey: .createdAt)
            let target = try container.decode(RemoteTarget.self, forKey: .target)
            switch target.type {
            case "image":
                content = (try? container.decodeIfPresent(FeedItemsMapper.RemoteFeedItem.self, forKey: .content))?.flatMap { try? $0.toModel() }
                    .map { .photo($0) }
            case "comment":
                content = (try? container.decodeIfPresent(RemoteComment.self, forKey: .content))?.flatMap { comment in
                    guard let id = UUID(uuidString: comment.id), let photoID = UUID(uuidString: comment.imageID) else { return nil }
                    return .comment(id: id, message: comment.message, username: comment.username, photoID: photoID)
                }
            case "account":
                content = (try? container.decodeIfPresent(RemoteAccount.self, forKey: .content))?.flatMap { account in
                    .account(username: account.username, name: account.displayName, isSuspended: account.suspended)
                }
            default:
                content = nil
            }
        }

        var model: ModerationReport? {
            guard let reason = ReportReason(rawValue: reason), let date = try? Date.ISO8601FormatStyle().parse(createdAt) else { return nil }
            return ModerationReport(id: id, reporter: reporter, reason: reason, note: note, createdAt: date, content: content)
        }
    }

    private struct RemoteComment: Decodable {
        let id: String
        let message: String
        let username: String
        let imageID: String

        private enum CodingKeys: String, CodingKey {
            case id, message, username
            case imageID = "image_id"
        }
    }

    private struct RemoteAccount: Decodable {
        let username: String
        let displayName: String
        let suspended: Bool

        private enum CodingKeys: String, CodingKey {
            case username, suspended
            case displayName = "display_name"
        }
    }

    private struct LogRoot: Decodable {
        let items: [RemoteEntry]
    }

    private struct RemoteEntry: Decodable {
        let id: Int64
        let moderator: String
        let action: String
        let target: RemoteTarget
        let reason: String?
        let createdAt: String

        private enum CodingKeys: String, CodingKey {
            case id, moderator, action, target, reason
            case createdAt = "created_at"
        }

        var model: ModerationLogEntry? {
            guard let date = try? Date.ISO8601FormatStyle().parse(createdAt), let target = target.id ?? target.username else { return nil }
            return ModerationLogEntry(id: id, moderator: moderator, action: action, target: target, reason: reason, createdAt: date)
        }
    }
}
