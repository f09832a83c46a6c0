import GRDB

/// Tells people that a post or a comment mentions them, in the transaction that adds it.
enum SQLiteMentions {
    /// Who mentions: an account by its id (a post's author) or its username (a comment's).
    enum Mentioner {
        case id(Int64)
        case username(String)
    }

    /// Nobody is told of their own mention, nor of a mention in a comment on their own photo
    /// (the comment tells them already), nor of one in a post they may not see; names of
    /// nobody are passed over.
    static func tell(_ usernames: [String], by mentioner: Mentioner, of itemPosition: Int64, comment commentPosition: Int64?, in db: Database) throws {
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
            itemPosition, commentPosition, commentPosition, itemPosition, actorArgument, commentPosition, itemPosition, itemPosition
        ]
        arguments += StatementArguments(names)
        try db.execute(
            sql: """
                INSERT INTO notification (recipient_id, actor_id, kind, feed_item_position, comment_position, created_at)
                SELECT mentioned.id, actor.id, 'mention', ?, ?,
                    coalesce((SELECT created_at FROM comment WHERE position = ?), (SELECT created_at FROM feed_item WHERE position = ?), 0)
                FROM account AS mentioned JOIN (\(actor)) AS actor
                WHERE mentioned.id != actor.id
                    AND (? IS NULL OR mentioned.id IS NOT (SELECT author_id FROM feed_item WHERE position = ?))
                    AND EXISTS (SELECT 1 FROM feed_item AS post WHERE post.position = ? AND \(PostAudience.includes("mentioned.id", table: "post")))
                    AND mentioned.username IN (\(placeholders))
                """,
            arguments: arguments)
    }
}
