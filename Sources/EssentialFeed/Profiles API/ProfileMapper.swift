import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A profile as `GET /v1/accounts/{username}` answers it.
public enum ProfileMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct RemoteProfile: Decodable {
        let username: String
        let displayName: String?
        let bio: String?
        let postsCount: Int
        let followersCount: Int
        let followingCount: Int
        let following: Bool?
        let followedBy: Bool?
        let avatar: RemoteAvatar?
        let locked: Bool?
        let requested: Bool?
        let blocking: Bool?
        let muting: Bool?

        private enum CodingKeys: String, CodingKey {
            case username, bio, following, avatar, locked, requested, blocking, muting
            case displayName = "display_name"
            case postsCount = "posts_count"
            case followersCount = "followers_count"
            case followingCount = "following_count"
            case followedBy = "followed_by"
        }
    }

    /// - Throws: `ResourceNotFoundError` for `404` (nobody has that name); `Error.invalidData`
    /// for any other answer but `200` with a profile.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> Profile {
        try HTTPStatus.checkAnswered(response)
        guard response.statusCode == 200, let remote = try? JSONDecoder().decode(RemoteProfile.self, from: data),
            !remote.username.isEmpty, remote.postsCount >= 0, remote.followersCount >= 0, remote.followingCount >= 0
        else { throw Error.invalidData }
        let name = remote.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? remote.username
        var profile = Profile(
            user: User(username: remote.username, name: name, avatar: remote.avatar?.model), bio: remote.bio ?? "", postsCount: remote.postsCount,
            followersCount: remote.followersCount, followingCount: remote.followingCount,
            isFollowedByReader: remote.following, followsReader: remote.followedBy)
        profile.isLocked = remote.locked ?? false
        profile.isRequestedByReader = remote.requested ?? false
        profile.isBlockedByReader = remote.blocking ?? false
        profile.isMutedByReader = remote.muting ?? false
        return profile
    }
}

/// What `PUT` and `DELETE /v1/accounts/{username}/follow` answer.
public enum FollowStateMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
        /// The token was missing, unknown or revoked.
        case authenticationRequired
        /// Following oneself, which the API refuses.
        case refused
    }

    private struct RemoteFollowState: Decodable {
        let following: Bool
        let followersCount: Int
        let requested: Bool?

        private enum CodingKeys: String, CodingKey {
            case following, requested
            case followersCount = "followers_count"
        }
    }

    /// - Throws: `ResourceNotFoundError` for `404` (nobody has that name).
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> FollowState {
        try HTTPStatus.checkAnswered(response)
        switch response.statusCode {
        case 200:
            guard let remote = try? JSONDecoder().decode(RemoteFollowState.self, from: data), remote.followersCount >= 0 else {
                throw Error.invalidData
            }
            return FollowState(isFollowing: remote.following, followersCount: remote.followersCount, isRequested: remote.requested ?? false)
        case 401: throw Error.authenticationRequired
        case 400: throw Error.refused
        default: throw Error.invalidData
        }
    }
}

/// A list of people as `…/followers` and `…/following` answer it.
public enum PeopleMapper {
    public enum Error: Swift.Error, Equatable, Sendable {
        case invalidData
    }

    private struct Root: Decodable {
        let items: [Person]
    }

    private struct Person: Decodable {
        let username: String
        let displayName: String?
        let avatar: RemoteAvatar?

        private enum CodingKeys: String, CodingKey {
            case username, avatar
            case displayName = "display_name"
        }
    }

    /// - Throws: `ResourceNotFoundError` for `404`; `Error.invalidData` for any other answer
    /// but `200` with a list (one without a username included).
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [User] {
        try HTTPStatus.checkAnswered(response)
        guard response.statusCode == 200, let root = try? JSONDecoder().decode(Root.self, from: data),
            root.items.allSatisfy({ !$0.username.isEmpty })
        else { throw Error.invalidData }
        return root.items.map { person in
            User(
                username: person.username, name: person.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? person.username,
                avatar: person.avatar?.model)
        }
    }
}
