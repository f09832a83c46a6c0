import FeedAPIStorage
import Foundation
import PostgresNIO

extension PostgresFeedRepository: WrittenComments {
    package func comments(writtenBy username: String, after commentID: UUID?, limit: Int) async throws -> [WrittenComment] {
        try await deadline.bounded { [self] in
            let rows = try await client.query(
                """
                SELECT comment.id, feed_item.id, account.username, comment.message, comment.created_at
                FROM comment JOIN feed_item ON feed_item.position = comment.feed_item_position
                    LEFT JOIN account ON account.id = feed_item.author_id
                WHERE lower(comment.username) = lower(\(username))
                    AND comment.position > coalesce((SELECT position FROM comment WHERE id = \(commentID)), 0)
                ORDER BY comment.position
                LIMIT \(limit)
                """, logger: logger)
            var comments: [WrittenComment] = []
            for try await (id, imageID, author, message, createdAt) in rows.decode((UUID, UUID, String?, String, Double).self) {
                comments.append(
                    WrittenComment(id: id, imageID: imageID, imageAuthor: author, message: message, createdAt: Date(timeIntervalSince1970: createdAt)))
            }
            return comments
        }
    }
}
