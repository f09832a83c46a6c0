import Foundation
import MediaPipeline

/// A person as their profile shows them, with counts the database keeps as it changes (never
/// counted by a scan).
package struct Profile: Equatable, Sendable {
    package let accountID: Int64
    package let username: String
    package let name: String
    package let bio: String
    package let createdAt: Date
    /// Every post of theirs; what a reader is shown may be fewer (`SocialGraph.postCount`).
    package var postsCount: Int
    package let followersCount: Int
    package let followingCount: Int
    package var avatar: AvatarDetails? = nil
    /// Whether they accept each follower themselves.
    package var locked = false

    package init(
        accountID: Int64, username: String, name: String, bio: String, createdAt: Date, postsCount: Int, followersCount: Int,
        followingCount: Int, avatar: AvatarDetails? = nil, locked: Bool = false
    ) {
        self.accountID = accountID
        self.username = username
        self.name = name
        self.bio = bio
        self.createdAt = createdAt
        self.postsCount = postsCount
        self.followersCount = followersCount
        self.followingCount = followingCount
        self.avatar = avatar
        self.locked = locked
    }
}

/// Which way two people follow each other, as one of them sees it.
package struct Relationship: Equatable, Sendable {
    /// The viewer follows the other.
    package let following: Bool
    /// The other follows the viewer.
    package let followedBy: Bool

    package init(following: Bool, followedBy: Bool) {
        self.following = following
        self.followedBy = followedBy
    }
}

/// The two lists a person has.
package enum FollowList: Sendable {
    /// Who follows them.
    case followers
    /// Whom they follow.
    case following
}

package enum SocialGraphError: Error, Equatable {
    /// A list was asked for after someone who is not in it (any more).
    case notInList(String)
}

/// Who follows whom, the profiles people write, and the feeds made of them: a person's own
/// posts, and the timeline of everyone they follow.
package protocol SocialGraph: LikeStore, NotificationStore, BlockStore, FollowRequestStore, PeopleDirectory {
    /// The profile of the account with this username (usernames are lowercase); `nil` when none has it.
    func profile(named username: Username) async throws -> Profile?

    func relationship(of viewerID: Int64, to accountID: Int64) async throws -> Relationship

    /// `followerID` follows `followedID` from `date` on; following again changes nothing.
    /// - Returns: how many follow `followedID` now.
    /// - Throws: `ActionLimitReached` when a `limit` is given and the follower reached it
    ///   (a request that changes nothing is not counted).
    func follow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int

    /// `followerID` no longer follows `followedID`; unfollowing again changes nothing.
    /// - Returns: how many follow `followedID` now.
    /// - Throws: `ActionLimitReached` as `follow` does: follows and unfollows count together.
    func unfollow(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> Int

    /// Which of `accountIDs` follow `accountID` and do not mute it (for telling those online of a post).
    func followers(of accountID: Int64, among accountIDs: [Int64]) async throws -> Set<Int64>

    /// One of the account's lists, the most recent follow first, after the entry of `username`.
    /// - Throws: `SocialGraphError.notInList` when `username` is not in the list.
    func list(_ list: FollowList, of accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowListEntry]

    /// Changes what is given of the account's profile and leaves the rest.
    func updateProfile(of accountID: Int64, name: String?, bio: String?) async throws

    /// Gives the account this picture (its renditions stored by content), or none when `nil`.
    func setAvatar(of accountID: Int64, to avatar: ProcessedAvatar?) async throws

    /// The account's posts that `viewerID` may see (`nil`: someone not logged in; none when the
    /// two are in a block) in feed order (newest first), after the item `itemID` (any item of the feed).
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when `itemID` is not in the feed.
    /// How many of the account's posts `viewerID` is shown, as its profile's grid lists them.
    func postCount(by accountID: Int64, visibleTo viewerID: Int64?) async throws -> Int
    func posts(by accountID: Int64, visibleTo viewerID: Int64?, after itemID: UUID?, limit: Int) async throws -> [FeedItem]

    /// The account's posts that `viewerID` may see just before the item `itemID` (any item of
    /// the feed): the `limit` newer ones nearest to it, in feed order (newest first).
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when `itemID` is not in the feed.
    func posts(by accountID: Int64, visibleTo viewerID: Int64?, before itemID: UUID, limit: Int) async throws -> [FeedItem]

    /// The posts of everyone the account follows and its own, in feed order, after `itemID`.
    /// - Throws: `FeedRepositoryError.unknownFeedItem` when `itemID` is not in the feed.
    func timeline(of accountID: Int64, after itemID: UUID?, limit: Int) async throws -> [FeedItem]
}

extension SocialGraph {
    /// Follows with no limit (seeding, the command line).
    package func follow(_ followedID: Int64, by followerID: Int64, at date: Date) async throws -> Int {
        try await follow(followedID, by: followerID, at: date, limit: nil)
    }

    /// Unfollows with no limit.
    package func unfollow(_ followedID: Int64, by followerID: Int64) async throws -> Int {
        try await unfollow(followedID, by: followerID, at: Date(), limit: nil)
    }

    /// The account's public posts.
    package func posts(by accountID: Int64, after itemID: UUID?, limit: Int) async throws -> [FeedItem] {
        try await posts(by: accountID, visibleTo: nil, after: itemID, limit: limit)
    }

    /// The account's public posts before `itemID`.
    package func posts(by accountID: Int64, before itemID: UUID, limit: Int) async throws -> [FeedItem] {
        try await posts(by: accountID, visibleTo: nil, before: itemID, limit: limit)
    }
}
