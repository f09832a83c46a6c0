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
    public func followed(_ isFollowed: Bool, followersCount: Int) -> Profile {
        Profile(
            user: user, bio: bio, postsCount: postsCount, followersCount: followersCount, followingCount: followingCount,
            isFollowedByReader: isFollowed, followsReader: followsReader)
    }
}

/// Whether the reader follows someone, and how many followers that makes them.
public struct FollowState: Hashable, Sendable {
    public let isFollowing: Bool
    public let followersCount: Int

    public init(isFollowing: Bool, followersCount: Int) {
        self.isFollowing = isFollowing
        self.followersCount = followersCount
    }
}
