import FeedAPIPostgres
import Foundation
import PostgresTestCluster
import Testing

@testable import FeedAPIStorage

/// Each database the API's stores run on: every spec of a store runs against each.
struct StorageKind: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The stores of a new, empty database.
    let make: @Sendable () async throws -> TestStores

    static let sqlite = StorageKind(testDescription: "SQLite") { TestStores(try APIDatabase.open(path: temporaryDatabasePath())) }

    /// A new database on the tests' PostgreSQL cluster, migrated; its connections stay open
    /// until the test process ends, when the cluster stops. The specs are about what the
    /// stores do, not how fast: their operations get a deadline no busy machine reaches
    /// (40 simultaneous log-in attempts through 3 connections missed the 5 s one while the
    /// whole suite ran beside a build). The deadline itself is tested on its own.
    static let postgres = StorageKind(testDescription: "PostgreSQL") { TestStores(try await newPostgresDatabase()) }

    /// A new, migrated database on the tests' PostgreSQL cluster (see `postgres`).
    static func newPostgresDatabase() async throws -> PostgresAPIDatabase {
        let database = try PostgresAPIDatabase(url: try PostgresTestCluster.newDatabaseURL(), poolSize: 3, operationDeadline: PostgresTestCluster.patientDeadline)
        Task.detached { await database.run() }
        try await database.migrate()
        await database.untilFollowingChanges()
        return database
    }

    /// The quick tier (`scripts/test --quick`) runs the specs on SQLite alone.
    static let all = TestTier.isQuick ? [sqlite] : [sqlite, postgres]
}

/// The stores of one database, whichever it is.
struct TestStores: Sendable {
    let feed: any FeedRepository
    let posts: any PostOwnership
    let news: any NewsRepository
    let accounts: any AccountStore
    let social: any SocialGraph
    let moderation: any ModerationStore
    let changes: FeedChanges

    init(_ storage: some APIStorage) {
        changes = storage.changes
        feed = storage.feed
        posts = storage.feed
        news = storage.news
        accounts = storage.accounts
        social = storage.social
        moderation = storage.moderation
    }

    /// The stores with `items` in the feed.
    func with(items: [NewFeedItem]) async throws -> TestStores {
        if !items.isEmpty { try await feed.append(items) }
        return self
    }
}
