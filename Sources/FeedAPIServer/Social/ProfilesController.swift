import EssentialFeed
import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// People and whom they follow: `GET /v1/accounts/{username}` (their profile; with a token,
/// how the caller and they follow each other), `…/feed` (their posts), `…/followers` and
/// `…/following`, `PUT`/`DELETE …/follow`, `GET /v1/timeline` (the caller's people) and
/// `PATCH /v1/me` (the caller's own name and bio, default visibility and whether the account
/// is locked), and `PUT`/`DELETE …/block` and `…/mute`. Following a locked account asks to:
/// `{following: false, requested: true}` until its owner accepts (`FollowRequestsController`).
/// Nothing here is cached: what one person sees depends on whom they follow, and a follow
/// shows at once. A blocked person finds the profile of whoever blocked them unknown (`404`);
/// neither of the two follows the other (`403 blocked`).
struct ProfilesController<Context: AuthRequestContext<APISession>>: Sendable {
    let social: any SocialGraph
    let urls: PublicURLs
    let now: @Sendable () -> Date
    var limits = ActionLimits()

    /// A profile's edit is two short texts; anything much larger is not one.
    static var maximumBodySize: Int { 4_096 }

    /// The public reads on `group` (behind `OptionalBearerTokenAuthenticator`), the rest on
    /// `protected` (behind `BearerTokenAuthenticator`).
    func addRoutes(to group: RouterGroup<Context>, protected: RouterGroup<Context>) {
        group.get("accounts/:username", use: profile)
        group.get("accounts/:username/feed", use: posts)
        group.get("accounts/:username/followers") { try await list(.followers, request: $0, context: $1) }
        group.get("accounts/:username/following") { try await list(.following, request: $0, context: $1) }
        protected.put("accounts/:username/follow") { try await changeFollow(following: true, request: $0, context: $1) }
        protected.delete("accounts/:username/follow") { try await changeFollow(following: false, request: $0, context: $1) }
        protected.get("timeline", use: timeline)
        protected.patch("me", use: updateProfile)
        protected.put("accounts/:username/block") { try await changeBlock("block", field: "blocking", on: true, request: $0, context: $1) }
        protected.delete("accounts/:username/block") { try await changeBlock("block", field: "blocking", on: false, request: $0, context: $1) }
        protected.put("accounts/:username/mute") { try await changeBlock("mute", field: "muting", on: true, request: $0, context: $1) }
        protected.delete("accounts/:username/mute") { try await changeBlock("mute", field: "muting", on: false, request: $0, context: $1) }
    }

    /// `PUT`/`DELETE …/block` → `{blocking}`, `…/mute` → `{muting}`; repeating changes nothing.
    private func changeBlock(_ kind: String, field: StaticString, on: Bool, request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let profile = try await namedProfile(in: context, visibleTo: nil)
        guard profile.accountID != account.id else {
            throw ProblemDetails(
                type: "/essential-feed/problems/cannot-\(kind)-oneself", title: "Not oneself", status: .badRequest, detail: "No one can \(kind) themselves.")
        }
        if kind == "block" {
            try await social.setBlock(on, of: profile.accountID, by: account.id, at: now())
        } else {
            try await social.setMute(on, of: profile.accountID, by: account.id, at: now())
        }
        var writer = JSONWriter(capacity: 32)
        writer.object { $0.field(field, on) }
        return Self.json(writer.buffer)
    }

    @Sendable func profile(_ request: Request, context: Context) async throws -> Response {
        var profile = try await namedProfile(in: context)
        let viewerID = context.identity?.account.id
        if viewerID != profile.accountID {
            // Counted as the reader's grid lists them, so no hidden post shows through the count.
            profile.postsCount = try await social.postCount(by: profile.accountID, visibleTo: viewerID)
        }
        let relationship = try await context.identity.asyncMap { try await social.relationship(of: $0.account.id, to: profile.accountID) }
        let blockState = try await context.identity.asyncMap { try await social.blockState(of: $0.account.id, toward: profile.accountID) }
        let requested = try await context.identity.asyncMap { try await social.hasRequested(profile.accountID, by: $0.account.id) }
        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            ProfileFields.write(profile, urls: urls, to: &object)
            if let relationship {
                object.field("following", relationship.following)
                object.field("followed_by", relationship.followedBy)
                object.field("requested", requested ?? false)
            }
            if let blockState {
                object.field("blocking", blockState.blocking)
                object.field("muting", blockState.muting)
            }
        }
        return Self.json(writer.buffer)
    }

    @Sendable func posts(_ request: Request, context: Context) async throws -> Response {
        let profile = try await namedProfile(in: context)
        let reader = context.identity?.account.id
        if let beforeID = try FeedPageQuery.beforeID(in: Array(request.uri.queryParameters)) {
            return try await page(request, reader: reader, linkingNext: false) {
                try await social.posts(by: profile.accountID, visibleTo: reader, before: beforeID, limit: $0.limit)
            }
        }
        return try await page(request, reader: reader) {
            try await social.posts(by: profile.accountID, visibleTo: reader, after: $0.afterID, limit: $0.limit)
        }
    }

    @Sendable func timeline(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        return try await page(request, reader: account.id) { try await social.timeline(of: account.id, after: $0.afterID, limit: $0.limit) }
    }

    private func list(_ list: FollowList, request: Request, context: Context) async throws -> Response {
        let profile = try await namedProfile(in: context)
        let query = try PageQuery(people: Array(request.uri.queryParameters))
        let entries: [FollowListEntry]
        do {
            entries = try await social.list(list, of: profile.accountID, after: query.cursor, limit: query.limit)
        } catch SocialGraphError.notInList(let username) {
            throw ProblemDetails.invalidQueryParameter("after", detail: "\(username) is not in this list (any more).")
        }
        return PeoplePage.response(entries, query: query, path: request.uri.path, urls: urls)
    }

    private func changeFollow(following: Bool, request: Request, context: Context) async throws -> Response {
        let follower = try context.session().account
        let profile = try await namedProfile(in: context)
        guard profile.accountID != follower.id else { throw ProblemDetails.cannotFollowOneself }
        let date = now()
        let outcome: FollowOutcome
        do {
            outcome =
                following
                ? try await social.followOrRequest(profile.accountID, by: follower.id, at: date, limit: limits.follows)
                : FollowOutcome(
                    following: false, requested: false,
                    followersCount: try await social.unfollow(profile.accountID, by: follower.id, at: date, limit: limits.follows))
        } catch let reached as ActionLimitReached {
            throw ProblemDetails.limitReached(reached, at: date, limits: limits)
        } catch is BlockedInteraction {
            throw ProblemDetails.blocked
        }
        var writer = JSONWriter(capacity: 64)
        writer.object { object in
            object.field("following", outcome.following)
            object.field("requested", outcome.requested)
            object.field("followers_count", outcome.followersCount)
        }
        return Self.json(writer.buffer)
    }

    @Sendable func updateProfile(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let edit = try await JSONRequestBody.decode(ProfileEdit.self, from: request, maximumBytes: Self.maximumBodySize).accepted()
        if edit.displayName != nil || edit.bio != nil {
            try await social.updateProfile(of: account.id, name: edit.displayName, bio: edit.bio)
        }
        let privacy = try await social.updatePrivacy(of: account.id, defaultVisibility: edit.defaultVisibility, locked: edit.locked, at: now())
        guard let profile = try await social.profile(named: account.username) else { throw ProblemDetails.unknownAccount }
        var writer = JSONWriter(capacity: 512)
        writer.object { object in
            ProfileFields.write(profile, urls: urls, to: &object)
            object.field("default_visibility", privacy.defaultVisibility.rawValue)
        }
        return Self.json(writer.buffer)
    }

    /// The profile the path names; a path no username could be (too long, other characters) is
    /// no account either.
    /// The profile named in the path, unknown (`404`) to a caller it blocks. The one who blocks
    /// still finds the profile they blocked, to unblock it.
    private func namedProfile(in context: Context) async throws -> FeedAPIStorage.Profile {
        try await namedProfile(in: context, visibleTo: context.identity?.account.id)
    }

    private func namedProfile(in context: Context, visibleTo viewerID: Int64?) async throws -> FeedAPIStorage.Profile {
        // A username may come percent-encoded (`%6Daria` is `maria`); one that does not decode is no username.
        guard let username = Username(context.parameters.get("username")?.removingPercentEncoding ?? ""),
            let profile = try await social.profile(named: username)
        else { throw ProblemDetails.unknownAccount }
        if let viewerID, viewerID != profile.accountID, try await social.blockState(of: profile.accountID, toward: viewerID).blocking {
            throw ProblemDetails.unknownAccount
        }
        return profile
    }

    /// A page of posts in the shape of `/v1/feed`'s, with a `Link` to the next when it is full
    /// (and `linkingNext`).
    private func page(
        _ request: Request, reader: Int64?, linkingNext: Bool = true, items: (FeedPageQuery) async throws -> [FeedItem]
    ) async throws -> Response {
        let query = try FeedPageQuery(parameters: Array(request.uri.queryParameters))
        let found: [FeedItem]
        do {
            found = try await items(query)
        } catch FeedRepositoryError.unknownFeedItem(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        }
        let liked = try await reader.asyncMap { try await social.likedItems(among: found.map(\.id), by: $0) }
        var response = Self.json(FeedPageEncoder(urls: urls, likedItems: liked).encode(found))
        if linkingNext, found.count == query.limit, let last = found.last {
            response.headers[.link] = "<\(urls.base)\(request.uri.path)?limit=\(query.limit)&after_id=\(last.id.uuidString)>; rel=\"next\""
        }
        return response
    }

    private static func json(_ body: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: body))
    }
}

/// The fields of a person, as profiles and lists show them.
enum ProfileFields {
    static func write(_ profile: FeedAPIStorage.Profile, urls: PublicURLs, to object: inout JSONWriter) {
        writeSummary(username: profile.username, name: profile.name, avatar: profile.avatar, urls: urls, to: &object)
        object.field("bio", profile.bio)
        object.field("created_at", APIDateFormat.string(from: profile.createdAt))
        object.field("posts_count", profile.postsCount)
        object.field("followers_count", profile.followersCount)
        object.field("following_count", profile.followingCount)
        object.field("locked", profile.locked)
    }

    /// `username`, `display_name` and `avatar` (`null` for a person without one).
    static func writeSummary(username: String, name: String, avatar: AvatarDetails?, urls: PublicURLs, to object: inout JSONWriter) {
        object.field("username", username)
        object.field("display_name", name)
        object.avatarField(avatar, urls: urls)
    }
}

/// `PATCH /v1/me`'s body: what to change of one's profile and privacy. A field it does not
/// take, or `null`, is refused rather than ignored: a client must not believe a change was made.
struct ProfileEdit: Decodable, Sendable {
    static let fieldNames = ["display_name", "bio", "default_visibility", "locked"]

    let displayName: String?
    let bio: String?
    let defaultVisibilityName: String?
    let locked: Bool?

    var defaultVisibility: PostVisibility? { defaultVisibilityName.flatMap(PostVisibility.init(rawValue:)) }

    init(displayName: String?, bio: String?, defaultVisibilityName: String? = nil, locked: Bool? = nil) {
        self.displayName = displayName
        self.bio = bio
        self.defaultVisibilityName = defaultVisibilityName
        self.locked = locked
    }

    init(from decoder: any Decoder) throws {
        let fields = try KnownJSONFields(from: decoder, allowed: Self.fieldNames)
        displayName = try fields.value(String.self, "display_name")
        bio = try fields.value(String.self, "bio")
        defaultVisibilityName = try fields.value(String.self, "default_visibility")
        locked = try fields.value(Bool.self, "locked")
    }

    /// The edit as it is kept (`ProfileText`: trimmed, checked), or the problem to answer.
    func accepted() throws -> ProfileEdit {
        if let defaultVisibilityName, PostVisibility(rawValue: defaultVisibilityName) == nil {
            throw ProblemDetails.invalidProfile("`default_visibility` must be `public` or `followers`.")
        }
        let name: String?
        do {
            name = try displayName.map(ProfileText.displayName)
        } catch {
            throw ProblemDetails.invalidProfile(
                "`display_name` must be 1 to \(ProfileText.displayNameLength.upperBound) characters, something visible, "
                    + "without control characters, line breaks, direction marks or zero-width spaces.")
        }
        do {
            return ProfileEdit(displayName: name, bio: try bio.map(ProfileText.bio), defaultVisibilityName: defaultVisibilityName, locked: locked)
        } catch {
            throw ProblemDetails.invalidProfile(
                "`bio` must be at most \(ProfileText.maximumBioLength) characters, "
                    + "without control characters other than line breaks, direction marks or zero-width spaces.")
        }
    }
}

extension ProblemDetails {
    private static let socialTypeBase = "/essential-feed/problems/"

    static let unknownAccount = ProblemDetails(
        type: socialTypeBase + "unknown-account", title: "Unknown account", status: .notFound, detail: "No account has this username.")

    /// One of the two blocks the other.
    static let blocked = ProblemDetails(
        type: socialTypeBase + "blocked", title: "Blocked", status: .forbidden, detail: "One of you blocks the other.")

    static let cannotFollowOneself = ProblemDetails(
        type: socialTypeBase + "cannot-follow-oneself", title: "Cannot follow oneself", status: .badRequest,
        detail: "A person's own posts are in their timeline already.")

    static func invalidProfile(_ detail: String) -> ProblemDetails {
        ProblemDetails(type: socialTypeBase + "invalid-profile", title: "Invalid profile", status: .badRequest, detail: detail)
    }
}
