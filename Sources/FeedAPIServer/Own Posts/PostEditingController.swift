import EssentialFeed
import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// What people do with what they posted, with a token: `PATCH /v1/image/{image-id}`
/// (`{description?, location?, alt?, content_warning?}`; `null` or `""` clears one) answers the
/// item marked `edited_at`; `DELETE /v1/image/{image-id}` and
/// `DELETE /v1/image/{image-id}/comments/{comment-id}` answer `204`. The store decides who
/// may: the owner edits; the owner removes a post; the comment's author or the photo's owner
/// removes a comment. A moderator removes any, with an optional `?reason=`: the audit log
/// records it, and the reports on it are closed.
struct PostEditingController<Context: AuthRequestContext<APISession>>: Sendable {
    let posts: any PostOwnership
    let urls: PublicURLs
    let now: @Sendable () -> Date
    /// Who moderates, and where their removals are logged.
    var moderation: (any ModerationStore)? = nil
    /// How many posts that mention people an account may make; an edit that mentions
    /// someone anew counts as one.
    var limits = ActionLimits()

    /// Four texts of at most `PostEditBody.maximumCharacters` each, every character escaped.
    static var maximumBodySize: Int { 4 * PostEditBody.maximumCharacters * 12 + 1_024 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.patch("image/{image-id}", use: edit)
        protected.delete("image/{image-id}", use: delete)
        protected.delete("image/{image-id}/comments/{comment-id}", use: deleteComment)
    }

    @Sendable func edit(_ request: Request, context: Context) async throws -> Response {
        let actor = try Self.actor(of: context)
        let itemID = try Self.uuid("image-id", in: context)
        var edit = try await JSONRequestBody.decode(PostEditBody.self, from: request, maximumBytes: Self.maximumBodySize).accepted()
        if let description = edit.description {
            edit.mentions = Mentions.usernames(in: description ?? "")
            edit.mentionQuota = ActionQuota(accountID: actor.accountID, limit: limits.mentions)
        }
        let edited = try await refusalsAnswered { try await posts.edit(itemID, edit, by: actor, at: now()) }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: FeedPageEncoder(urls: urls).encodeItem(edited)))
    }

    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let actor = try await moderatingActor(of: context)
        let itemID = try Self.uuid("image-id", in: context)
        let reason = try ModerationReason.optional(in: request)
        let authority = try await refusalsAnswered { try await posts.delete(itemID, by: actor) }
        try await closeReports(on: .image(itemID), removedAs: authority, by: actor, action: .removeImage, reason: reason)
        return Response(status: .noContent)
    }

    @Sendable func deleteComment(_ request: Request, context: Context) async throws -> Response {
        let actor = try await moderatingActor(of: context)
        let itemID = try Self.uuid("image-id", in: context)
        let commentID = try Self.uuid("comment-id", in: context)
        let reason = try ModerationReason.optional(in: request)
        let authority = try await refusalsAnswered { try await posts.deleteComment(commentID, onImage: itemID, by: actor) }
        try await closeReports(on: .comment(commentID), removedAs: authority, by: actor, action: .removeComment, reason: reason)
        return Response(status: .noContent)
    }

    /// What was removed is no longer anyone's to judge: a moderator's removal is logged with
    /// its reason, an owner's only closes the reports.
    private func closeReports(
        on target: ReportTarget, removedAs authority: RemovalAuthority, by actor: PostActor, action: ModerationAction, reason: String?
    ) async throws {
        guard let moderation else { return }
        switch authority {
        case .moderator: try await moderation.resolveReports(on: target, action: action, by: actor.username, reason: reason, at: now())
        case .owner: try await moderation.closeReports(on: target, at: now())
        }
    }

    /// The token's person, a moderator when their role says so.
    private func moderatingActor(of context: Context) async throws -> PostActor {
        var actor = try Self.actor(of: context)
        actor.isModerator = try await moderation?.role(of: actor.accountID).moderates ?? false
        return actor
    }

    private func refusalsAnswered<Result>(_ change: () async throws -> Result) async throws -> Result {
        do {
            return try await change()
        } catch PostRefusal.unknownPost(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        } catch PostRefusal.unknownComment(let id) {
            throw ProblemDetails(
                type: "/essential-feed/problems/unknown-comment", title: "Unknown comment", status: .notFound,
                detail: "The photo has no comment with the id \(id.uuidString).")
        } catch PostRefusal.notAllowed {
            throw ProblemDetails(
                type: "/essential-feed/problems/not-yours", title: "Not yours", status: .forbidden,
                detail: "Only its owner may change this (a comment also its photo's owner).")
        }
    }

    private static func actor(of context: Context) throws -> PostActor {
        let account = try context.session().account
        return PostActor(accountID: account.id, username: account.username.value)
    }

    private static func uuid(_ name: String, in context: Context) throws -> UUID {
        let text = context.parameters.get(name) ?? ""
        guard let id = UUID(exactly: text) else {
            throw ProblemDetails.invalidPathParameter(name, detail: "expected a UUID, got \"\(text.prefix(64))\".")
        }
        return id
    }
}

/// The body of an edit: each text given is set, `null` or blank clears it, one left out stays;
/// `visibility` (`public` or `followers`) changes who sees the post.
struct PostEditBody: Decodable, Sendable {
    static let maximumCharacters = PostTextBounds.text
    static let maximumContentWarningCharacters = PostTextBounds.contentWarning

    private var texts: [String: String?] = [:]

    static let fieldNames = ["description", "location", "alt", "content_warning", "visibility"]

    init(from decoder: any Decoder) throws {
        let fields = try KnownJSONFields(from: decoder, allowed: Self.fieldNames)
        for name in fields.given {
            texts[name] = try fields.isNull(name) ? .some(nil) : .some(try fields.value(String.self, name))
        }
    }

    /// The edit as the store takes it (texts trimmed, blank ones cleared), or the problem to answer.
    func accepted() throws -> PostEdit {
        guard !texts.isEmpty else {
            throw ProblemDetails.invalidEdit("Give at least one of \(Self.fieldNames.map { "`\($0)`" }.joined(separator: ", ")).")
        }
        return PostEdit(
            description: try text(.description), location: try text(.location), alt: try text(.alt), contentWarning: try text(.contentWarning),
            visibility: try visibility())
    }

    private func visibility() throws -> PostVisibility? {
        guard let given = texts["visibility"] else { return nil }
        guard let given, let visibility = PostVisibility(rawValue: given) else {
            throw ProblemDetails.invalidEdit("`visibility` must be `public` or `followers`.")
        }
        return visibility
    }

    private func text(_ field: PostTextBounds.Field) throws -> String?? {
        guard let given = texts[field.rawValue] else { return nil }
        guard let cleaned = PostTextBounds.cleaned(given) else { return .some(nil) }
        if let problem = PostTextBounds.problem(with: cleaned, as: field) { throw ProblemDetails.invalidEdit(problem) }
        return .some(cleaned)
    }
}

extension ProblemDetails {
    static func invalidEdit(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: "/essential-feed/problems/invalid-edit", title: "Invalid edit", status: .badRequest, detail: detail)
    }
}
