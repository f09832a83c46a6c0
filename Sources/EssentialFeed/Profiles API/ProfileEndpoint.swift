import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A person's profile and posts, following them, and the reader's own timeline. Requests
/// that act as the reader (following, the timeline) go through an `AuthenticatedHTTPClient`;
/// a profile read through one also says whether the reader follows them.
public enum ProfileEndpoint: Sendable {
    case profile(username: String)
    case posts(username: String, afterImageWithID: UUID?)
    case follow(username: String)
    case unfollow(username: String)
    /// The posts of everyone the reader follows, and their own.
    case timeline(afterImageWithID: UUID?)
    /// Who follows them, most recent first, after the person named `after`.
    case followers(username: String, after: String?)
    /// Whom they follow, most recent first, after the person named `after`.
    case following(username: String, after: String?)

    /// How many people a page of followers or follows asks for.
    public static let peoplePageSize = 50

    /// How many photos a page of a profile asks for: eight rows of three.
    public static let photosPageSize = 24

    public func request(baseURL: URL) -> URLRequest {
        switch self {
        case let .profile(username):
            JSONRequest.make("GET", url: Self.account(username, baseURL: baseURL))
        case let .posts(username, imageID):
            JSONRequest.make(
                "GET", url: Self.page(Self.account(username, baseURL: baseURL).appending(path: "feed"), after: imageID, limit: Self.photosPageSize))
        case let .follow(username):
            JSONRequest.make("PUT", url: Self.account(username, baseURL: baseURL).appending(path: "follow"))
        case let .unfollow(username):
            JSONRequest.make("DELETE", url: Self.account(username, baseURL: baseURL).appending(path: "follow"))
        case let .timeline(imageID):
            JSONRequest.make("GET", url: Self.page(baseURL.appending(path: "v1/timeline"), after: imageID, limit: FeedEndpoint.pageSize))
        case let .followers(username, after):
            JSONRequest.make("GET", url: Self.people(Self.account(username, baseURL: baseURL).appending(path: "followers"), after: after))
        case let .following(username, after):
            JSONRequest.make("GET", url: Self.people(Self.account(username, baseURL: baseURL).appending(path: "following"), after: after))
        }
    }

    /// A username is one path segment whatever it holds: anything but letters, digits, `.`,
    /// `_` and `-` is percent-encoded, `/` included.
    static func account(_ username: String, baseURL: URL) -> URL {
        let accounts = baseURL.appending(path: "v1/accounts")
        guard var components = URLComponents(url: accounts, resolvingAgainstBaseURL: false) else { return accounts }
        components.percentEncodedPath += "/" + (username.addingPercentEncoding(withAllowedCharacters: usernameCharacters) ?? "")
        return components.url ?? accounts
    }

    private static let usernameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

    static func people(_ url: URL, after username: String?) -> URL {
        var queryItems = [URLQueryItem(name: "limit", value: String(peoplePageSize))]
        if let username {
            queryItems.append(URLQueryItem(name: "after", value: username))
        }
        return url.appending(queryItems: queryItems)
    }

    private static func page(_ url: URL, after imageID: UUID?, limit: Int) -> URL {
        var queryItems = [URLQueryItem(name: "limit", value: String(limit))]
        if let imageID {
            queryItems.append(URLQueryItem(name: "after_id", value: UUIDText.string(from: imageID)))
        }
        return url.appending(queryItems: queryItems)
    }
}

/// A person's post just before one of theirs, in their profile's order (`before_id`): for
/// walking back through their photos from any of them. Its answer maps as a page of the feed.
public enum PreviousPostEndpoint: Sendable {
    case previous(username: String, beforeImageWithID: UUID)

    public func request(baseURL: URL) -> URLRequest {
        switch self {
        case let .previous(username, imageID):
            JSONRequest.make(
                "GET",
                url: ProfileEndpoint.account(username, baseURL: baseURL).appending(path: "feed").appending(queryItems: [
                    URLQueryItem(name: "limit", value: "1"), URLQueryItem(name: "before_id", value: UUIDText.string(from: imageID))
                ]))
        }
    }
}

/// Changing one's own display name and bio (`PATCH /v1/me`, answered with the profile):
/// send it through an `AuthenticatedHTTPClient`.
public enum ProfileUpdateEndpoint: Sendable {
    case update(displayName: String, bio: String)

    public func request(baseURL: URL) throws -> URLRequest {
        switch self {
        case let .update(displayName, bio):
            try JSONRequest.make("PATCH", url: baseURL.appending(path: "v1/me"), body: Edit(displayName: displayName, bio: bio))
        }
    }

    private struct Edit: Encodable {
        let displayName: String
        let bio: String

        private enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
            case bio
        }
    }
}

/// One's own picture, as the person whose token an `AuthenticatedHTTPClient` sends: `PUT
/// v1/me/avatar` with the photo as a post's `file` part, or `DELETE` to have none.
public enum AvatarEndpoint: Sendable {
    case set(Data)
    case remove

    /// `boundary` separates the parts; a fresh random one unless a test fixes it.
    public func request(baseURL: URL, boundary: String = "essential-feed-\(UUID().uuidString)") -> URLRequest {
        let url = baseURL.appending(path: "v1/me/avatar")
        switch self {
        case let .set(photo):
            var request = JSONRequest.make("PUT", url: url)
            request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"avatar\"\r\n".utf8)
            body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8)
            body += photo
            body += Data("\r\n--\(boundary)--\r\n".utf8)
            request.httpBody = body
            return request
        case .remove:
            return JSONRequest.make("DELETE", url: url)
        }
    }
}

/// The API's answer to a new picture: the profile that shows it, or why the photo was refused
/// (the errors of a posted photo, as the same checks made them).
public enum AvatarMapper {
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Profile {
        guard response.statusCode == 200 else { throw PostedFeedImageMapper.refusal(forStatusCode: response.statusCode) }
        do {
            return try ProfileMapper.map(data, from: response)
        } catch {
            throw PostedFeedImageMapper.Error.invalidData
        }
    }

    /// `DELETE v1/me/avatar`: `204` is done.
    public static func mapRemoval(_ response: HTTPURLResponse) throws {
        guard response.statusCode != 204 else { return }
        throw response.statusCode == 401 ? PostedFeedImageMapper.Error.authenticationRequired : PostedFeedImageMapper.Error.invalidData
    }
}
