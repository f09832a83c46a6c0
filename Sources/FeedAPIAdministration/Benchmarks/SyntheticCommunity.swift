import FeedAPIStorage
import Foundation

/// A large made-up community for the scale benchmark: members who post and follow each other,
/// and one reader who follows some of them. Never used on a request's path.
///
/// Posts go to the members in turn (post `n` by member `(n - 1) % members + 1`, ids as
/// `SyntheticFeed.itemID(n)`); the reader follows every `members / readerFollows`-th member, so
/// their timeline holds an even share of the feed at every depth. Every member has the same
/// password hash, so loading costs one bcrypt hash rather than one per account.
public struct SyntheticCommunity: Sendable {
    public static let readerUsername = "reader"

    let members: Int
    let posts: Int
    let readerFollows: Int
    let followsPerMember: Int

    public init(members: Int, posts: Int, readerFollows: Int, followsPerMember: Int = 3) {
        self.members = max(1, members)
        self.posts = max(0, posts)
        self.readerFollows = min(max(0, readerFollows), self.members)
        self.followsPerMember = min(max(0, followsPerMember), self.members - 1)
    }

    public static func memberUsername(_ number: Int) -> String {
        "member_" + String(repeating: "0", count: max(0, 5 - String(number).count)) + String(number)
    }

    /// Adds the accounts, their follows and their posts to `database`.
    package func load(
        into database: some APIStorage, readerPassword: String, hasher: PasswordHasher = PasswordHasher(), batchSize: Int = 50_000
    ) async throws {
        let passwordHash = try await hasher.hash(readerPassword)
        let joined = Date(timeIntervalSince1970: 1_580_000_000)
        var ids: [Int64] = [0]
        for number in 1...members {
            guard let username = Username(Self.memberUsername(number)) else { continue }
            let account = try await database.accounts.createAccount(
                username: username, name: "Member \(number)", passwordHash: passwordHash, createdAt: joined)
            ids.append(account.id)
        }
        guard let readerName = Username(Self.readerUsername) else { return }
        let reader = try await database.accounts.createAccount(
            username: readerName, name: "Reader", passwordHash: passwordHash, createdAt: joined)

        if readerFollows > 0 {
            let step = members / readerFollows
            for number in stride(from: step, through: step * readerFollows, by: step) {
                _ = try await database.social.follow(ids[number], by: reader.id, at: joined)
            }
        }
        // Each member follows a few others, spread out rather than neighbours only.
        for number in 1...members where followsPerMember > 0 {
            for offset in 1...followsPerMember {
                let followed = (number - 1 + offset * offset * 7) % members + 1
                guard followed != number else { continue }
                _ = try await database.social.follow(ids[followed], by: ids[number], at: joined)
            }
        }

        let members = members
        try await SyntheticFeed.load(
            itemCount: posts, commentsOnFirstItem: 0, into: database.feed, batchSize: batchSize,
            author: { Self.memberUsername(($0 - 1) % members + 1) })
    }
}
