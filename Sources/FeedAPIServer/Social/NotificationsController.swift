import FeedAPIStorage
import Foundation
import Hummingbird
import HummingbirdAuth

/// A person's notifications (a token): `GET /v1/notifications?limit=&after_id=` the newest
/// first with the unread count, `POST /v1/notifications/read` `{up_to_id}` marks them read.
struct NotificationsController<Context: AuthRequestContext<APISession>>: Sendable {
    let social: any SocialGraph
    let urls: PublicURLs

    static var maximumBodySize: Int { 256 }

    func addRoutes(to protected: RouterGroup<Context>) {
        protected.get("notifications", use: list)
        protected.post("notifications/read", use: markRead)
    }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let query = try PageQuery(Array(request.uri.queryParameters), numbered: "after_id", expecting: "a notification's id")
        let page = try await social.notifications(of: account.id, after: query.cursor, limit: query.limit)
        var writer = JSONWriter(capacity: 96 + page.items.count * 320)
        writer.object { object in
            object.field("items", array: page.items) { writer, notification in
                writer.object { NotificationFields.write(notification, urls: urls, to: &$0) }
            }
            object.field("unread_count", page.unreadCount)
        }
        var response = SessionIssuer.json(writer.buffer, status: .ok)
        if page.items.count == query.limit, let last = page.items.last {
            response.headers[.link] = "<\(urls.base)\(request.uri.path)?limit=\(query.limit)&after_id=\(last.id)>; rel=\"next\""
        }
        return response
    }

    @Sendable func markRead(_ request: Request, context: Context) async throws -> Response {
        let account = try context.session().account
        let body = try await JSONRequestBody.decode(MarkReadBody.self, from: request, maximumBytes: Self.maximumBodySize)
        guard body.upToID >= 0 else { throw ProblemDetails.invalidNotificationMark }
        let unread = try await social.markNotificationsRead(of: account.id, through: body.upToID)
        var writer = JSONWriter(capacity: 32)
        writer.object { $0.field("unread_count", unread) }
        return SessionIssuer.json(writer.buffer, status: .ok)
    }
}

/// How a notification reads in JSON, in a list and in an event stream alike.
enum NotificationFields {
    static func write(_ notification: StoredNotification, urls: PublicURLs, to object: inout JSONWriter) {
        object.field("id", Int(truncatingIfNeeded: notification.id))
        object.field("type", notification.kind.rawValue)
        object.field("created_at", APIDateFormat.string(from: notification.createdAt))
        object.field("read", notification.read)
        object.field("account") { account in
            ProfileFields.writeSummary(
                username: notification.actor.username, name: notification.actor.name, avatar: notification.actor.avatar, urls: urls, to: &account)
        }
        object.optionalField("image_id", notification.imageID?.uuidString)
        object.optionalField("comment_id", notification.commentID?.uuidString)
        object.optionalField("excerpt", notification.excerpt)
    }
}

private struct MarkReadBody: Decodable {
    let upToID: Int64

    enum CodingKeys: String, CodingKey {
        case upToID = "up_to_id"
    }
}

extension ProblemDetails {
    static let invalidNotificationMark = ProblemDetails(
        type: "/essential-feed/problems/invalid-body", title: "Invalid body", status: .badRequest,
        detail: "Expected {\"up_to_id\": the id of the newest notification read}.")
}
