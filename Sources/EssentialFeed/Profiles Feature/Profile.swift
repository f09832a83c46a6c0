import Foundation

/// A person as their profile shows them: who they are, what they wrote of themselves, and
/// how many posts, followers and follows they have.
public struct Profile: Hashable, Sendable {
    public let user: User
    public let bio: String
    public let postsCount: Int
    public let followersCount: Int
    public let followingCount: Int
    /// Whether the reader follows them; `nil` when read without a token.
    public let isFollowedByReader: Bool?
    /// Whether they follow the reader; `nil` when read without a token.
    public let followsReader: Bool?
    /// Whether they accept each follower themselves.
    public var isLocked = false
    /// Whether the reader waits for them to accept a follow.
    public var isRequestedByReader = false
    /// Whether the reader blocks them.
    public var isBlockedByReader = false
    /// Whether the reader mutes them.
    public var isMutedByReader = false

    public init(
        user: User, bio: String = "", postsCount: Int = 0, followersCount: Int = 0, followingCount: Int = 0,
        isFollowedByReader: Bool? = nil, followsReader: Bool? = nil
    ) {
        self.user = user
        self.bio = bio
        self.postsCount = postsCount
        self.followersCount = followersCount
        self.followingCount = followingCount
        self.isFollowedByReader = isFollowedByReader
        self.followsReader = followsReader
    }

    /// The profile after the reader followed or unfollowed them, as the API counted it.
    public func followed(_ isFollowed: Bool, followersCount: Int, isRequested: Bool = false) -> Profile {
        var profile = Profile(
            user: user, bio: bio, postsCount: postsCount, followersCount: followersCount, followingCount: followingCount,
            isFollowedByReader: isFollowed, followsReader: followsReader)
        profile.isLocked = isLocked
        profile.isRequestedByReader = isRequested
        profile.isBlockedByReader = isBlockedByReader
        profile.isMutedByReader = isMutedByReader
        return profile
    }
}

/// Whether the reader follows someone, and how many followers that makes them.
public struct FollowState: Hashable, Sendable {
    public let isFollowing: Bool
    public let followersCount: Int
    /// Their account is locked: the reader waits for them to accept the follow.
    public var isRequested = false

    public init(isFollowing: Bool, followersCount: Int, isRequested: Bool = false) {
        self.isFollowing = isFollowing
        self.followersCount = followersCount
        self.isRequested = isRequested
    }
}
