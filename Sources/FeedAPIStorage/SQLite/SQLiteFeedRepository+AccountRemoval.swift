import Foundation
import GRDB

extension SQLiteFeedRepository: AccountRemoval {
    package func removeAccount(_ accountID: Int64, reservingUsernameUntil reservedUntil: Date, at date: Date) async throws -> Bool {
        let told = try await database.write { db -> [Int64]? in
            guard let account = try Row.fetchOne(db, sql: "SELECT username, avatar FROM account WHERE id = ?", arguments: [accountID]) else {
                return nil
            }
            let username: String = account["username"]
            // Those told of what the account did, whose notifications change as it goes.
            let told = try Int64.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT recipient_id FROM notification
                    WHERE recipient_id != :id AND (actor_id = :id
                        OR feed_item_position IN (SELECT position FROM feed_item WHERE author_id = :id))
                    """,
                arguments: ["id": accountID])
            var digests = Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT image_digest FROM feed_item WHERE author_id = :id
                        UNION SELECT image_digest FROM feed_item_rendition
                            WHERE feed_item_position IN (SELECT position FROM feed_item WHERE author_id = :id)
                        """,
                    arguments: ["id": accountID]))
            if let avatar = try StoredAvatarColumn.avatar(from: account["avatar"]) {
                digests.formUnion([avatar.thumb.hex, avatar.small.hex])
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO removed_feed_item (id, position) SELECT id, position FROM feed_item WHERE author_id = :id;
                    DELETE FROM feed_item WHERE author_id = :id;
                    DELETE FROM comment WHERE lower(username) = lower(:username);
                    DELETE FROM account WHERE id = :id;
                    DELETE FROM reserved_username WHERE until <= :now;
                    INSERT OR REPLACE INTO reserved_username (username, until) VALUES (lower(:username), :until);
                    """,
                arguments: [
                    "id": accountID, "username": username, "now": date.timeIntervalSince1970, "until": reservedUntil.timeIntervalSince1970
                ])
            for digest in digests {
                try db.execute(sql: Self.unusedImageDeletion, arguments: ["digest": digest])
            }
            return told
        }
        guard let told else { return false }
        version.bump()
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        return true
    }
}
