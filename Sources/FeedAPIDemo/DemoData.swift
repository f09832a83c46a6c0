import FeedAPIStorage
import Foundation
import Logging

/// The demo a fresh machine starts with: its accounts (who follow each other), a feed of
/// painted photos with comments, and the news. Each part is added only where the database has none, so a database people
/// have used is left as it is.
public enum DemoData {
    package static func seed(_ database: some APIStorage, logger: Logger, now: @Sendable () -> Date = Date.init) async throws {
        // The log-in account's bcrypt hash is made on the thread pool while the demo images
        // are painted; the accounts must exist before the posts that name them are stored.
        // The demo's people joined a year before the demo starts, long before their posts.
        async let createdAccounts = DemoAccountsSeeder(accounts: database.accounts).createMissingAccounts(at: now().addingTimeInterval(-365 * 86_400))
        // Painting and processing the demo photos takes seconds: only for an empty feed.
        let feedIsEmpty = try await database.feed.feedPage(after: nil, limit: 1).isEmpty
        if feedIsEmpty { logger.info("Painting the demo feed for the empty database") }
        let demoFeed = feedIsEmpty ? try DemoFeed.make(now: now()) : []
        let created = try await createdAccounts
        if created > 0 { logger.info("Created \(created) demo accounts") }
        let seeded = feedIsEmpty ? try await DemoFeedSeeder(repository: database.feed).seedIfEmpty(with: demoFeed) : false
        logger.info(
            seeded
                ? "Seeded the empty database with \(demoFeed.count) demo items"
                : "The database already has items; not seeding the demo feed")
        if seeded {
            let follows = try await DemoSocialGraphSeeder(accounts: database.accounts, social: database.social).seed(at: now())
            logger.info("The demo's people follow each other: \(follows) follows")
        }
        // The demo news is painted only when there is none: it is not needed otherwise.
        if try await database.news.newsList().items.isEmpty {
            let edition = try DemoNews.make(now: now())
            if try await database.news.addNewsIfEmpty(edition) {
                logger.info("Seeded the demo news: \(edition.stories.count) stories, \(edition.webLinks.count) web links, \(edition.adverts.count) adverts")
            }
        }
    }
}
