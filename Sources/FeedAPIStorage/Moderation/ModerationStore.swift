import Foundation

/// What an account may do beyond posting: moderators act on reports, admins too.
package enum AccountRole: String, Sendable, CaseIterable {
    case member, moderator, admin

    package var moderates: Bool { self != .member }
}

/// What a report is about.
package enum ReportTarget: Equatable, Hashable, Sendable {
    case image(UUID)
    case comment(UUID)
    case account(String)

    package var kind: String {
        switch self {
        case .image: "image"
        case .comment: "comment"
        case .account: "account"
        }
    }

    /// How the stores keep it: a photo's or comment's id, or a lowercase username.
    package var key: String {
        switch self {
        case let .image(id), let .comment(id): id.uuidString
        case let .account(username): username.lowercased()
        }
    }

    package init?(kind: String, key: String) {
        switch kind {
        case "image", "comment":
            guard let id = UUID(uuidString: key) else { return nil }
            self = kind == "image" ? .image(id) : .comment(id)
        case "account":
            self = .account(key)
        default:
            return nil
        }
    }
}

package enum ReportReason: String, Sendable, CaseIterable {
    case spam, abuse, illegal, other
}

package struct NewReport: Equatable, Sendable {
    package let reporterID: Int64
    package let target: ReportTarget
    package let reason: ReportReason
    package let note: String?
    package let createdAt: Date

    package init(reporterID: Int64, target: ReportTarget, reason: ReportReason, note: String?, createdAt: Date) {
        self.reporterID = reporterID
        self.target = target
        self.reason = reason
        self.note = note
        self.createdAt = createdAt
    }
}

/// A report no moderator has acted on, with what it is about as it stands now.
package struct OpenReport: Equatable, Sendable {
    package let id: Int64
    package let reporter: String
    package let target: ReportTarget
    package let reason: ReportReason
    package let note: String?
    package let createdAt: Date
    package let content: ReportedContent?

    package init(
        id: Int64, reporter: String, target: ReportTarget, reason: ReportReason, note: String?, createdAt: Date, content: ReportedContent?
    ) {
        self.id = id
        self.reporter = reporter
        self.target = target
        self.reason = reason
        self.note = note
        self.createdAt = createdAt
        self.content = content
    }
}

/// The reported content, for a moderator to judge; `nil` in a report when it is gone.
package enum ReportedContent: Equatable, Sendable {
    case image(FeedItem)
    case comment(FeedComment, imageID: UUID)
    case account(username: String, name: String, suspended: Bool)
}

package enum ModerationAction: String, Sendable, CaseIterable {
    case removeImage = "remove_image"
    case removeComment = "remove_comment"
    case suspend
    case liftSuspension = "lift_suspension"
    case dismiss
}

/// One line of the audit log: who did what to what, when and why.
package struct ModerationEntry: Equatable, Sendable {
    package let id: Int64
    package let moderator: String
    package let action: ModerationAction
    package let target: ReportTarget
    package let reason: String?
    package let createdAt: Date

    package init(id: Int64, moderator: String, action: ModerationAction, target: ReportTarget, reason: String?, createdAt: Date) {
        self.id = id
        self.moderator = moderator
        self.action = action
        self.target = target
        self.reason = reason
        self.createdAt = createdAt
    }
}

package struct Suspension: Equatable, Sendable {
    package let since: Date
    package let reason: String

    package init(since: Date, reason: String) {
        self.since = since
        self.reason = reason
    }
}

package enum ModerationRefusal: Error, Equatable {
    /// No photo, comment or account is what the report names.
    case unknownTarget
    /// The reporter has an open report on it already.
    case alreadyReported
    /// The reporter has as many open reports as they may.
    case tooManyOpenReports
    case unknownReport
    case unknownAccount
}

/// Reports, roles, suspensions and the audit log, on each database.
package protocol ModerationStore: Sendable {
    func role(of accountID: Int64) async throws -> AccountRole
    /// `nil` when there is no such account.
    func role(ofAccountNamed username: Username) async throws -> AccountRole?
    /// Tells whether there was such an account.
    func setRole(_ role: AccountRole, forAccountNamed username: Username) async throws -> Bool

    /// - Throws: `ModerationRefusal.unknownTarget`, `.alreadyReported` or `.tooManyOpenReports`.
    func report(_ report: NewReport, openReportsPerReporter: Int) async throws -> Int64
    /// Open reports, the oldest first, after the report `afterID`.
    func openReports(after afterID: Int64?, limit: Int) async throws -> [OpenReport]
    /// Closes every open report on `target`, logging what the moderator did and why.
    func resolveReports(on target: ReportTarget, action: ModerationAction, by moderator: String, reason: String?, at date: Date) async throws
    /// Closes every open report on `target` with nothing to log: its owner removed it.
    func closeReports(on target: ReportTarget, at date: Date) async throws
    /// Closes one report without acting on its content.
    /// - Throws: `ModerationRefusal.unknownReport` when no open report has this id.
    func dismissReport(_ id: Int64, by moderator: String, reason: String?, at date: Date) async throws

    /// Suspends the account: every token revoked, its posts hidden from every list, its log-ins
    /// refused, its open reports closed; logged. Suspending again changes only the reason.
    /// - Throws: `ModerationRefusal.unknownAccount`.
    func suspend(_ username: Username, reason: String, by moderator: String, at date: Date) async throws
    /// - Throws: `ModerationRefusal.unknownAccount`.
    func liftSuspension(of username: Username, by moderator: String, reason: String?, at date: Date) async throws
    func suspension(of username: Username) async throws -> Suspension?

    /// The audit log, the newest first, before the entry `beforeID`.
    func log(before beforeID: Int64?, limit: Int) async throws -> [ModerationEntry]
}

extension ModerationStore {
    /// Whether `username` may post now: the account exists and is not suspended. Work that
    /// posts for someone over a long time (an archive's import) asks before each post.
    package func mayPost(_ username: Username) async throws -> Bool {
        guard try await role(ofAccountNamed: username) != nil else { return false }
        return try await suspension(of: username) == nil
    }
}
