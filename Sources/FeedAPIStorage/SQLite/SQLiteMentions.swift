import Foundation
import GRDB

/// Tells people that a post or a comment mentions them, in the transaction that adds it.
enum SQLiteMentions {
    /// Who mentions: an account by its id (a post's author) or its username (a comment's).
    enum Mentioner {
        case id(Int64)
        case username(String)
    }

    /// Nobody is told of their own mention, nor of a mention in a comment on their own photo
    /// (the comment tells them already), nor of one in a post they may not read (for followers,
    /// or by someone in a block with them); names of nobody are passed over.
    /// `date`: when they are told of it; by default, when the comment or the post was written.
    static func tell(
        _ usernames: [String], by mentioner: Mentioner, of itemPosition: Int64, comment commentPosition: Int64?, at date: Date? = nil, in db: Database
    ) throws {
        guard !usernames.isEmpty else { return }
        let names = Array(Set(usernames))
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let actor: String
        let actorArgument: DatabaseValueConvertible
        switch mentioner {
        case let .id(id):
            actor = "SELECT id FROM account WHERE id = ?"
            actorArgument = id
        case let .username(username):
            actor = "SELECT id FROM account WHERE username = ?"
            actorArgument = username
        }
        // In the order the placeholders stand in the statement.
        var arguments: StatementArguments = [
            itemPosition, commentPosition, date?.timeIntervalSince1970, commentPosition, itemPosition, actorArgument, commentPosition, itemPosition,
            itemPosition
        ]
        arguments += StatementArguments(names)
        try db.execute(
            sql: """
                INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, comment_position, created_at)
                SELECT mentioned.id, actor.id, 'mention', ?, ?,
                    coalesce(?, (SELECT created_at FROM comment WHERE position = ?), (SELECT created_at FROM feed_item WHERE position = ?), 0)
                FROM account AS mentioned JOIN (\(actor)) AS actor
                WHERE mentioned.id != actor.id
                    AND (? IS NULL OR mentioned.id IS NOT (SELECT author_id FROM feed_item WHERE position = ?))
                    AND EXISTS (SELECT 1 FROM feed_item AS post WHERE post.position = ? AND \(PostAudience.readable("mentioned.id", table: "post")))
                    AND mentioned.username IN (\(placeholders))
                """,
            arguments: arguments)
    }

    /// A post's description changed: whoever it no longer mentions is no longer told of the
    /// post; whoever it mentions anew is, within `quota` (counted as a post that mentions
    /// people). Gives everyone whose notifications changed.
    static func retell(_ usernames: [String], quota: ActionQuota?, at date: Date, ofPost itemPosition: Int64, in db: Database) throws -> [Int64] {
        let names = Set(usernames.map { $0.lowercased() })
        let toldOfThePost = """
            SELECT notification.recipient_id, lower(account.username) AS username
            FROM notification JOIN account ON account.id = notification.recipient_id
            WHERE notification.feed_item_position = ? AND notification.comment_position IS NULL AND notification.kind = 'mention'
            """
        let told = try Row.fetchAll(db, sql: toldOfThePost, arguments: [itemPosition])
        var changed: [Int64] = []
        for row in told where !names.contains(row["username"]) {
            let recipient: Int64 = row["recipient_id"]
            try db.execute(
                sql: "DELETE FROM notification WHERE recipient_id = ? AND feed_item_position = ? AND comment_position IS NULL AND kind = 'mention'",
                arguments: [recipient, itemPosition])
            changed.append(recipient)
        }
        let anew = names.subtracting(told.map { $0["username"] as String })
        guard !anew.isEmpty,
            let author = try Int64.fetchOne(db, sql: "SELECT author_id FROM feed_item WHERE position = ?", arguments: [itemPosition])
        else { return changed }
        if let quota {
            do {
                try SQLiteActionWindow.admit(.mention, quota, at: date, in: db)
            } catch is ActionLimitReached {
                return changed
            }
        }
        try tell(Array(anew), by: .id(author), of: itemPosition, comment: nil, at: date, in: db)
        let before = Set(told.map { $0["recipient_id"] as Int64 })
        changed += try Row.fetchAll(db, sql: toldOfThePost, arguments: [itemPosition]).map { $0["recipient_id"] as Int64 }.filter { !before.contains($0) }
        return changed
    }
}
