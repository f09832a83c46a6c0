import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// Likes: `PUT` and `DELETE /v1/image/{image-id}/like` (a token; idempotent) answer
/// `{liked, like_count}`; `GET /v1/image/{image-id}/likes?limit=&after=USERNAME`, who liked
/// it, the most recent first. At most 60 changes a minute per account (`429`).
struct LikesController<Context: AuthRequestContext<APISession>> {
    let social: any SocialGraph
    let urls: PublicURLs
    let now: @Sendable () -> Date
    var limits = ActionLimits()

    func addRoutes(to group: RouterGroup<Context>, protected: RouterGroup<Context>) {
        protected.put("image/{image-id}/like") { try await change(liked: true, request: $0, context: $1) }
        protected.delete("image/{image-id}/like") { try await change(liked: false, request: $0, context: $1) }
        group.get("image/{image-id}/likes", use: likers)
        protected.get("me/likes", use: likedAmong)
    }

    /// `GET /v1/me/likes?ids=A,B,…`: which of these photos the token's account likes, for
    /// pages everyone shares that cannot say it themselves.
    @Sendable func likedAmong(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let ids = try AskedItemIDs.in(request)
        let liked = try await social.likedItems(among: ids, by: account.id)
        return AskedItemIDs.answer("liked", ids, among: liked)
    }

    private func change(liked: Bool, request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let itemID = try Self.itemID(in: context)
        let date = now()
        let state: LikeState
        do {
            state = try await social.setLike(liked, itemID: itemID, by: account.id, at: date, limit: limits.likes)
        } catch LikeRefusal.unknownFeedItem(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        } catch is BlockedInteraction {
            throw ProblemDetails.blocked
        } catch LikeRefusal.tooManyChanges(let until) {
            throw ProblemDetails.limitReached(ActionLimitReached(action: .like, until: until), at: date, limits: limits)
        }
        var writer = JSONWriter(capacity: 48)
        writer.object { object in
            object.field("liked", state.liked)
            object.field("like_count", state.likeCount)
        }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }

    @Sendable func likers(_ request: Request, context: Context) async throws -> Response {
        let itemID = try Self.itemID(in: context)
        let query = try PageQuery(people: Array(request.uri.queryParameters))
        let likers: [Liker]
        do {
            likers = try await social.likers(of: itemID, visibleTo: context.identity?.account.id, after: query.cursor, limit: query.limit)
        } catch LikeRefusal.unknownFeedItem(let id) {
            throw ProblemDetails.unknownFeedItem(id)
        } catch SocialGraphError.notInList(let username) {
            throw ProblemDetails.invalidQueryParameter("after", detail: "\(username) does not like this photo (any more).")
        }
        var writer = JSONWriter(capacity: 64 + likers.count * 96)
        writer.object { page in
            page.field("items", array: likers) { writer, liker in
                writer.object { ProfileFields.writeSummary(username: liker.username, name: liker.name, avatar: liker.avatar, urls: urls, to: &$0) }
            }
        }
        var response = SessionIssuer.json(writer.buffer, status: .ok)
        if likers.count == query.limit, let last = likers.last {
            response.headers[.link] = "<\(urls.base)\(request.uri.path)?limit=\(query.limit)&after=\(last.username)>; rel=\"next\""
        }
        return response
    }

    private static func itemID(in context: Context) throws -> UUID {
        let text = context.parameters.get("image-id") ?? ""
        guard let id = UUID(uuidString: text) else { throw ProblemDetails.invalidPathParameter("image-id", detail: "not a UUID") }
        return id
    }
}
