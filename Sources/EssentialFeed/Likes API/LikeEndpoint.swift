import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Liking a photo and who liked it. Likes go through an `AuthenticatedHTTPClient`.
public enum LikeEndpoint: Sendable {
    case like(imageID: UUID)
    case unlike(imageID: UUID)
    /// Who liked it, the most recent first, after the person named `after`.
    case likers(imageID: UUID, after: String?)
    /// Which of these photos (at most `maximumAsked`) the reader likes.
    case likedAmong(imageIDs: [UUID])

    public static let maximumAsked = 50

    public func request(baseURL: URL) -> URLRequest {
        switch self {
        case let .like(imageID):
            JSONRequest.make("PUT", url: Self.image(imageID, baseURL: baseURL).appending(path: "like"))
        case let .unlike(imageID):
            JSONRequest.make("DELETE", url: Self.image(imageID, baseURL: baseURL).appending(path: "like"))
        case let .likers(imageID, after):
            JSONRequest.make("GET", url: Self.people(Self.image(imageID, baseURL: baseURL).appending(path: "likes"), after: after))
        case let .likedAmong(imageIDs):
            JSONRequest.make(
                "GET",
                url: baseURL.appending(path: "v1/me/likes").appending(queryItems: [
                    URLQueryItem(name: "ids", value: imageIDs.prefix(Self.maximumAsked).map(\.uuidString).joined(separator: ","))
                ]))
        }
    }

    private static func image(_ id: UUID, baseURL: URL) -> URL {
        baseURL.appending(path: "v1/image/\(id.uuidString)")
    }

    private static func people(_ url: URL, after username: String?) -> URL {
        var items = [URLQueryItem(name: "limit", value: String(ProfileEndpoint.peoplePageSize))]
        if let username { items.append(URLQueryItem(name: "after", value: username)) }
        return url.appending(queryItems: items)
    }
}

/// A photo's likes after a like or an unlike.
public struct LikeState: Equatable, Sendable {
    public let isLiked: Bool
    public let likeCount: Int

    public init(isLiked: Bool, likeCount: Int) {
        self.isLiked = isLiked
        self.likeCount = likeCount
    }
}

public enum LikeStateMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
        /// The reader liked and unliked as often as they may for now; they may again after
        /// `retryAfter` seconds.
        case tooManyLikes(retryAfter: Int)
    }

    private struct RemoteLikeState: Decodable {
        let liked: Bool
        let likeCount: Int

        private enum CodingKeys: String, CodingKey {
            case liked
            case likeCount = "like_count"
        }
    }

    /// - Throws: `ResourceNotFoundError` for `404` (no such photo, or no longer).
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> LikeState {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 200:
            guard let remote = try? JSONDecoder().decode(RemoteLikeState.self, from: data), remote.likeCount >= 0 else { throw Error.invalidData }
            return LikeState(isLiked: remote.liked, likeCount: remote.likeCount)
        case 401:
            throw Error.authenticationRequired
        case 429:
            let seconds = response.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init) ?? 60
            throw Error.tooManyLikes(retryAfter: min(max(seconds, 1), 3_600))
        default:
            throw Error.invalidData
        }
    }
}

/// The answer of `LikeEndpoint.likedAmong`: the photos the reader likes.
public enum LikedAmongMapper {
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Set<UUID> {
        switch response.statusCode {
        case 200:
            guard let ids = IDList.decode(data, field: "liked") else { throw LikeStateMapper.Error.invalidData }
            return ids
        case 401:
            throw LikeStateMapper.Error.authenticationRequired
        default:
            throw LikeStateMapper.Error.invalidData
        }
    }
}
