import Foundation
import GRDB
import Testing

@testable import FeedAPIStorage

/// The migration that lets follow requests and acceptances notify remakes SQLite's
/// notification table: nothing may be lost, and no id may be given twice.
@Suite("Upgrades: notifications of follow requests")
struct NotificationKindsMigrationTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func notificationsKeepTheirIds_newOnesNeverReuseADeletedOne_andWaitingRequestsAreTold() async throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        for migrator in APIDatabase.migrators.dropLast() { try migrator.migrate(queue) }
        try SocialMigrations.migrator.migrate(queue, upTo: "Keep a departed person's username for a while")
        try await queue.write { db in
            for (id, name) in [(1, "ann"), (2, "ben"), (3, "cat"), (4, "dan")] {
                try db.execute(
                    sql: "INSERT INTO account (id, username, name, password_hash, created_at) VALUES (?, ?, ?, 'x', ?)",
                    arguments: [id, name, name, now.timeIntervalSince1970])
            }
            try db.execute(
                sql: """
                    INSERT INTO follow (follower_id, followed_id, followed_at) VALUES (2, 1, ?), (3, 1, ?);
                    DELETE FROM follow WHERE follower_id = 3;
                    UPDATE account SET locked = 1, notifications_read_through = 2 WHERE id = 1;
                    INSERT INTO follow_request (requester_id, requested_id, requested_at) VALUES (3, 1, ?);
                    """, arguments: [now.timeIntervalSince1970, now.timeIntervalSince1970, now.timeIntervalSince1970])
        }
        try queue.close()

        let database = try APIDatabase.open(path: path)

        let page = try await database.social.notifications(of: 1, after: nil, limit: 10)
        #expect(page.items.map { "\($0.id) \($0.kind.rawValue) \($0.actor.username)" } == ["3 follow_request cat", "1 follow ben"])
        #expect(page.unreadCount == 1, "told after the deleted id 2: unread")
        _ = try await database.social.updatePrivacy(of: 1, defaultVisibility: nil, locked: false, at: now)
        _ = try await database.social.follow(1, by: 4, at: now, limit: nil)
        let after = try await database.social.notifications(of: 1, after: nil, limit: 10).items
        #expect(after.map { "\($0.kind.rawValue) \($0.actor.username)" } == ["follow dan", "follow ben"], "the other tables' triggers still tell")
        #expect(after.allSatisfy { $0.id == 1 || $0.id > 3 })
    }
}
