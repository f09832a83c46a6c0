import Foundation

/// A post's likes as they stand after a change.
package struct LikeState: Equatable, Sendable {
    package let liked: Bool
    package let likeCount: Int

    package init(liked: Bool, likeCount: Int) {
        self.liked = liked
        self.likeCount = likeCount
    }
}

package enum LikeRefusal: Error, Equatable {
    case unknownFeedItem(UUID)
    /// Changes may go on then.
    case tooManyChanges(until: Date)
}

/// Liking posts: one like per person and post, counted on the post as likes come and go.
package protocol LikeStore: Sendable {
    /// Likes (or unlikes) the post for the account, in one transaction with the account's
    /// bound: a request that changes nothing (a like of a liked post) is answered and not
    /// counted; one that would change more than `limit` allows is refused.
    /// - Throws: `LikeRefusal` (`unknownFeedItem` also for a post the account may not see).
    func setLike(_ liked: Bool, itemID: UUID, by accountID: Int64, at date: Date, limit: ActionLimit) async throws -> LikeState
    /// Who liked the post, the most recent first, after the person named `after`.
    /// - Throws: `LikeRefusal.unknownFeedItem` (also for a post `viewerID` may not see);
    ///   `SocialGraphError.notInList` when `after` did not like it.
    func likers(of itemID: UUID, visibleTo viewerID: Int64?, after username: Username?, limit: Int) async throws -> [Liker]
    /// Which of `itemIDs` the account likes, among those it may still read.
    func likedItems(among itemIDs: [UUID], by accountID: Int64) async throws -> Set<UUID>
}

extension LikeStore {
    /// Who liked a public post.
    package func likers(of itemID: UUID, after username: Username?, limit: Int) async throws -> [Liker] {
        try await likers(of: itemID, visibleTo: nil, after: username, limit: limit)
    }
}
