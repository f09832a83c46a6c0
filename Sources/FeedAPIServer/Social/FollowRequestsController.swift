import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// A locked account's waiting followers: `GET /v1/follow-requests?limit=&after=USERNAME`
/// (`{items: [{username, display_name, avatar, requested_at}]}`, the oldest first), and
/// `POST /v1/follow-requests/{username}/accept` or `…/reject` (`204`; `404` when that person
/// asks nothing). Each answers for the token's account only.
struct FollowRequestsController<Context: AuthRequestContext<APISession>>: Sendable {
    let social: any SocialGraph
    let urls: PublicURLs
    let now: @Sendable () -> Date

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("follow-requests", use: list)
        protected.post("follow-requests/:username/accept") { try await answer(accept: true, request: $0, context: $1) }
        protected.post("follow-requests/:username/reject") { try await answer(accept: false, request: $0, context: $1) }
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let query = try PageQuery(people: Array(request.uri.queryParameters))
        let requests: [FollowRequest]
        do {
            requests = try await social.followRequests(to: account.id, after: query.cursor, limit: query.limit)
        } catch SocialGraphError.notInList(let username) {
            throw ProblemDetails.invalidQueryParameter("after", detail: "\(username) asks nothing (any more).")
        }
        var writer = JSONWriter(capacity: 64 + requests.count * 128)
        writer.object { page in
            page.field("items", array: requests) { writer, request in
                writer.object { object in
                    ProfileFields.writeSummary(username: request.username, name: request.name, avatar: request.avatar, urls: urls, to: &object)
                    object.field("requested_at", APIDateFormat.string(from: request.requestedAt))
                }
            }
        }
        var response = Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: writer.buffer))
        if requests.count == query.limit, let last = requests.last {
            response.headers[.link] = "<\(urls.base)\(request.uri.path)?limit=\(query.limit)&after=\(last.username)>; rel=\"next\""
        }
        return response
    }

    private func answer(accept: Bool, request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        guard let username = Username(context.parameters.get("username")?.removingPercentEncoding ?? ""),
            let requester = try await social.profile(named: username),
            try await social.answerFollowRequest(from: requester.accountID, to: account.id, accept: accept, at: now())
        else {
            throw ProblemDetails(
                type: "/essential-feed/problems/unknown-follow-request", title: "Unknown follow request", status: .notFound,
                detail: "That person has not asked to follow you (or was answered already).")
        }
        return Response(status: .noContent)
    }
}
