import Foundation

/// How a person shares: the visibility their posts get unless they choose, and whether they
/// approve each new follower (a locked account).
package struct PrivacySettings: Equatable, Sendable {
    package var defaultVisibility: PostVisibility
    package var locked: Bool

    package init(defaultVisibility: PostVisibility = .public, locked: Bool = false) {
        self.defaultVisibility = defaultVisibility
        self.locked = locked
    }
}

/// What asking to follow someone did.
package struct FollowOutcome: Equatable, Sendable {
    /// The follower follows them now.
    package let following: Bool
    /// Their account is locked: the follower waits for them to accept.
    package let requested: Bool
    package let followersCount: Int

    package init(following: Bool, requested: Bool, followersCount: Int) {
        self.following = following
        self.requested = requested
        self.followersCount = followersCount
    }
}

/// Someone waiting for a locked account to accept them.
package struct FollowRequest: Equatable, Sendable {
    package let username: String
    package let name: String
    package var avatar: AvatarDetails? = nil
    package let requestedAt: Date

    package init(username: String, name: String, avatar: AvatarDetails? = nil, requestedAt: Date) {
        self.username = username
        self.name = name
        self.avatar = avatar
        self.requestedAt = requestedAt
    }
}

/// Locked accounts and the requests to follow them.
package protocol FollowRequestStore: Sendable {
    func privacySettings(of accountID: Int64) async throws -> PrivacySettings

    /// Changes what is given and leaves the rest; unlocking accepts every waiting request.
    func updatePrivacy(of accountID: Int64, defaultVisibility: PostVisibility?, locked: Bool?, at date: Date) async throws -> PrivacySettings

    /// Follows `followedID`, or, when that account is locked, asks to (once); one transaction,
    /// so locking at the same moment never lets a follow through unasked.
    /// - Throws: `ActionLimitReached` and `BlockedInteraction` as `SocialGraph.follow` does.
    func followOrRequest(_ followedID: Int64, by followerID: Int64, at date: Date, limit: ActionLimit?) async throws -> FollowOutcome

    /// Whether `followerID` waits for `followedID` to accept them.
    func hasRequested(_ followedID: Int64, by followerID: Int64) async throws -> Bool

    /// Those waiting for the account to accept them, the oldest request first, after the one of `username`.
    /// - Throws: `SocialGraphError.notInList` when `username` has no request (any more).
    func followRequests(to accountID: Int64, after username: Username?, limit: Int) async throws -> [FollowRequest]

    /// How many wait for the account to accept them.
    func followRequestCount(to accountID: Int64) async throws -> Int

    /// Accepts (the requester follows the account from `date` on) or rejects a request;
    /// `false` when `requesterID` has none.
    func answerFollowRequest(from requesterID: Int64, to accountID: Int64, accept: Bool, at date: Date) async throws -> Bool
}
