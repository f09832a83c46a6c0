import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Who sees what, as the person whose token an `AuthenticatedHTTPClient` sends: their
/// account's privacy (`PATCH /v1/me`), the requests to follow a locked account, and blocking
/// or muting someone. Each is answered as `PrivacyMapper` reads it.
public enum PrivacyEndpoint: Sendable {
    /// Locks or unlocks the account and sets the visibility new posts get; `nil` leaves one.
    case update(isLocked: Bool?, defaultVisibility: FeedImageVisibility?)
    /// Who waits to be accepted, the oldest first, after the person named `after`.
    case followRequests(after: String?)
    case accept(username: String)
    case reject(username: String)
    case block(username: String)
    case unblock(username: String)
    case mute(username: String)
    case unmute(username: String)

    /// How many requests a page asks for.
    public static let followRequestsPageSize = 50

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .update(isLocked, visibility):
            return try JSONRequest.make(
                "PATCH", url: baseURL.appending(path: "v1/me"), body: Update(locked: isLocked, defaultVisibility: visibility?.rawValue))
        case let .followRequests(after):
            var queryItems = [URLQueryItem(name: "limit", value: String(Self.followRequestsPageSize))]
            if let after { queryItems.append(URLQueryItem(name: "after", value: after)) }
            return JSONRequest.make("GET", url: baseURL.appending(path: "v1/follow-requests").appending(queryItems: queryItems))
        case let .accept(username):
            return JSONRequest.make("POST", url: Self.request(of: username, baseURL: baseURL).appending(path: "accept"))
        case let .reject(username):
            return JSONRequest.make("POST", url: Self.request(of: username, baseURL: baseURL).appending(path: "reject"))
        case let .block(username):
            return JSONRequest.make("PUT", url: ProfileEndpoint.account(username, baseURL: baseURL).appending(path: "block"))
        case let .unblock(username):
            return JSONRequest.make("DELETE", url: ProfileEndpoint.account(username, baseURL: baseURL).appending(path: "block"))
        case let .mute(username):
            return JSONRequest.make("PUT", url: ProfileEndpoint.account(username, baseURL: baseURL).appending(path: "mute"))
        case let .unmute(username):
            return JSONRequest.make("DELETE", url: ProfileEndpoint.account(username, baseURL: baseURL).appending(path: "mute"))
        }
    }

    /// The request of one person, their name one path segment whatever it holds.
    private static func request(of username: String, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/follow-requests").appending(component: username)
    }

    private struct Update: Encodable {
        let locked: Bool?
        let defaultVisibility: String?

        private enum CodingKeys: String, CodingKey {
            case locked
            case defaultVisibility = "default_visibility"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(locked, forKey: .locked)
            try container.encodeIfPresent(defaultVisibility, forKey: .defaultVisibility)
        }
    }
}

/// The API's answers to `PrivacyEndpoint`'s requests.
public enum PrivacyMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
        /// The API refused it (`400`/`403`: oneself, a block between the two).
        case refused
    }

    /// Any `2xx`; `ResourceNotFoundError` for `404` (nobody of that name, or no such request).
    public static func done(_ data: Data, from response: HTTPURLResponse) throws {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 200..<300: return
        case 401: throw Error.authenticationRequired
        case 400, 403: throw Error.refused
        default: throw Error.invalidData
        }
    }

    /// The people a page of follow requests names.
    public static func followRequests(_ data: Data, from response: HTTPURLResponse) throws -> [User] {
        if response.statusCode == 401 { throw Error.authenticationRequired }
        return try PeopleMapper.map(data, from: response)
    }
}
