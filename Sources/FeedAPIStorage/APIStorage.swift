/// The API's stores on one database, whichever it is (an SQLite file, or PostgreSQL for
/// several instances): what the server, the demo and the administration tools work on.
package protocol APIStorage: Sendable {
    associatedtype Feed: FeedRepository & PostOwnership & WrittenComments & AccountRemoval
    associatedtype News: NewsRepository
    associatedtype Accounts: AccountStore
    associatedtype Social: SocialGraph
    associatedtype Moderation: ModerationStore

    var feed: Feed { get }
    var news: News { get }
    var accounts: Accounts { get }
    var social: Social { get }
    var moderation: Moderation { get }
    /// What changes as it commits, for the event streams.
    var changes: FeedChanges { get }

    /// Whether the database answers a read now (for `/health/ready`).
    func isReachable() async -> Bool
}

extension APIDatabase: APIStorage {}
