import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The reader's notifications, through an `AuthenticatedHTTPClient`.
public enum NotificationsEndpoint: Sendable {
    /// A page, the newest first, older than the notification `afterID`.
    case list(afterID: Int64?)
    /// Marks read everything up to `upToID`.
    case markRead(upToID: Int64)

    /// How many notifications a page asks for.
    public static let pageSize = 50

    public func request(baseURL: URL) -> URLRequest {
        let notifications = baseURL.appending(path: "v1/notifications")
        switch self {
        case let .list(afterID):
            var items = [URLQueryItem(name: "limit", value: String(Self.pageSize))]
            if let afterID { items.append(URLQueryItem(name: "after_id", value: String(afterID))) }
            return JSONRequest.make("GET", url: notifications.appending(queryItems: items))
        case let .markRead(upToID):
            var request = JSONRequest.make("POST", url: notifications.appending(path: "read"))
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"up_to_id":\#(upToID)}"#.utf8)
            return request
        }
    }
}

public enum NotificationsMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
    }

    private struct Root: Decodable {
        let items: [RemoteNotification]
        let unreadCount: Int

        private enum CodingKeys: String, CodingKey {
            case items
            case unreadCount = "unread_count"
        }
    }

    private struct RemoteNotification: Decodable {
        let id: Int64
        let type: String
        let createdAt: String
        let read: Bool
        let account: RemoteAccount
        let imageID: String?
        let commentID: String?
        let excerpt: String?

        private enum CodingKeys: String, CodingKey {
            case id, type, read, account, excerpt
            case createdAt = "created_at"
            case imageID = "image_id"
            case commentID = "comment_id"
        }

        /// A kind or an account the app cannot show leaves the notification out.
        var model: FeedNotification? {
            guard let (kind, step) = Self.kind(named: type), !account.username.isEmpty,
                let createdAt = try? Date.ISO8601FormatStyle().parse(createdAt)
            else { return nil }
            return FeedNotification(
                id: id, kind: kind, createdAt: createdAt, isRead: read,
                actor: User(
                    username: account.username, name: account.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? account.username,
                    avatar: account.avatar?.model),
                imageID: imageID.flatMap(UUID.init(uuidString:)), commentID: commentID.flatMap(UUID.init(uuidString:)), excerpt: excerpt,
                followRequest: step)
        }

        private static func kind(named type: String) -> (FeedNotification.Kind, FeedNotification.FollowRequestStep?)? {
            switch type {
            case "follow_request": (.follow, .asked)
            case "follow_accepted": (.follow, .accepted)
            default: FeedNotification.Kind(rawValue: type).map { ($0, nil) }
            }
        }
    }

    private struct RemoteAccount: Decodable {
        let username: String
        let displayName: String?
        let avatar: RemoteAvatar?

        private enum CodingKeys: String, CodingKey {
            case username, avatar
            case displayName = "display_name"
        }
    }

    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> NotificationsPage {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 200:
            guard let root = try? JSONDecoder().decode(Root.self, from: data), root.unreadCount >= 0 else { throw Error.invalidData }
            return NotificationsPage(items: root.items.compactMap(\.model), unreadCount: root.unreadCount)
        case 401:
            throw Error.authenticationRequired
        default:
            throw Error.invalidData
        }
    }
}
