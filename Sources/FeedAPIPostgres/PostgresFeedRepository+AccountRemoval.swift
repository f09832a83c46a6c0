import FeedAPIStorage
import Foundation
import PostgresNIO

extension PostgresFeedRepository: AccountRemoval {
    package func removeAccount(_ accountID: Int64, reservingUsernameUntil reservedUntil: Date, at date: Date) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await write(changed: { $0 }) { connection in
                // Posting takes this lock before it stores images: an image found unused here
                // is not being linked to a new post at the same moment.
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.positionsLockKey))", logger: logger)
                var account: (username: String, avatar: String?)?
                for try await row in try await connection.query(
                    "SELECT username, avatar FROM account WHERE id = \(accountID) FOR UPDATE", logger: logger
                ).decode((String, String?).self) {
                    account = row
                }
                guard let account else { return false }
                var digests = Set<String>()
                for try await digest in try await connection.query(
                    """
                    SELECT image_digest FROM feed_item WHERE author_id = \(accountID)
                    UNION SELECT image_digest FROM feed_item_rendition
                        WHERE feed_item_position IN (SELECT position FROM feed_item WHERE author_id = \(accountID))
                    """, logger: logger
                ).decode(String.self) {
                    digests.insert(digest)
                }
                if let avatar = try StoredAvatarColumn.avatar(from: account.avatar) {
                    digests.formUnion([avatar.thumb.hex, avatar.small.hex])
                }
                try await connection.query(
                    """
                    INSERT INTO removed_feed_item (id, position) SELECT id, position FROM feed_item WHERE author_id = \(accountID)
                    ON CONFLICT (id) DO NOTHING
                    """, logger: logger)
                // Their comments, likes and notifications go with them (and the notifications' triggers tell every instance).
                try await connection.query("DELETE FROM feed_item WHERE author_id = \(accountID)", logger: logger)
                try await connection.query("DELETE FROM comment WHERE lower(username) = lower(\(account.username))", logger: logger)
                try await connection.query("DELETE FROM account WHERE id = \(accountID)", logger: logger)
                try await connection.query("DELETE FROM reserved_username WHERE until <= \(date.timeIntervalSince1970)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO reserved_username (username, until) VALUES (lower(\(account.username)), \(reservedUntil.timeIntervalSince1970))
                    ON CONFLICT (username) DO UPDATE SET until = excluded.until
                    """, logger: logger)
                try await Self.deleteUnusedImages(digests, on: connection, logger: logger)
                return true
            }
        }
    }
}
