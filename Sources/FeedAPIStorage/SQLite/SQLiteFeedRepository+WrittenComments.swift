import Foundation
import GRDB

extension SQLiteFeedRepository: WrittenComments {
    package func comments(writtenBy username: String, after commentID: UUID?, limit: Int) async throws -> [WrittenComment] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT comment.id, feed_item.id AS image_id, account.username AS image_author, comment.message, comment.created_at
                    FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position
                        LEFT JOIN account ON account.id = feed_item.author_id
                    WHERE lower(comment.username) = lower(:username)
                        AND comment.position > coalesce((SELECT position FROM comment WHERE id = :after), 0)
                    ORDER BY comment.position
                    LIMIT :limit
                    """,
                arguments: ["username": username, "after": commentID?.uuidString, "limit": limit])
            return rows.compactMap { row in
                guard let id = UUID(uuidString: row["id"]), let imageID = UUID(uuidString: row["image_id"]) else { return nil }
                return WrittenComment(
                    id: id, imageID: imageID, imageAuthor: row["image_author"], message: row["message"], createdAt: Date(timeIntervalSince1970: row["created_at"]))
            }
        }
    }
}
