import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO

extension PostgresFeedRepository: PostOwnership {
    package func edit(_ itemID: UUID, _ edit: PostEdit, by actor: PostActor, at date: Date) async throws -> FeedItem {
        try await deadline.bounded { [self] in
            try await write { connection in
                let (position, _) = try await Self.position(of: itemID, changeableBy: actor, moderatorsToo: false, on: connection, logger: logger)
                guard let current = try await Self.shownItem(at: position, on: connection, logger: logger)
                else { throw PostRefusal.unknownPost(itemID) }
                let texts = edit.applied(to: current)
                try await connection.query(
                    """
                    UPDATE feed_item SET description = \(texts.description), location = \(texts.location), alt = \(texts.alt),
                        content_warning = \(texts.contentWarning), edited_at = \(date.timeIntervalSince1970),
                        visibility = coalesce(\(edit.visibility?.rawValue), visibility)
                    WHERE position = \(position)
                    """, logger: logger)
                if let mentions = edit.mentions {
                    try await PostgresMentions.retell(mentions, quota: edit.mentionQuota, at: date, ofPost: position, on: connection, logger: logger)
                }
                guard let edited = try await Self.shownItem(at: position, on: connection, logger: logger)
                else { throw PostRefusal.unknownPost(itemID) }
                return edited
            }
        }
    }

    @discardableResult
    package func delete(_ itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority {
        try await deadline.bounded { [self] in
            try await write { connection in
                // Posting takes this lock before it stores images: an image found unused here
                // is not being linked to a new post at the same moment.
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.positionsLockKey))", logger: logger)
                let (position, authority) = try await Self.position(
                    of: itemID, changeableBy: actor, moderatorsToo: true, on: connection, logger: logger)
                var digests: [String] = []
                for try await digest in try await connection.query(
                    """
                    SELECT image_digest FROM feed_item WHERE position = \(position)
                    UNION SELECT image_digest FROM feed_item_rendition WHERE feed_item_position = \(position)
                    """, logger: logger
                ).decode(String.self) {
                    digests.append(digest)
                }
                try await connection.query(
                    "INSERT INTO removed_feed_item (id, position) VALUES (\(itemID), \(position)) ON CONFLICT (id) DO NOTHING", logger: logger)
                // Its comments, likes and notifications go with it (and the notifications' triggers tell every instance).
                try await connection.query("DELETE FROM feed_item WHERE position = \(position)", logger: logger)
                try await Self.deleteUnusedImages(digests, on: connection, logger: logger)
                return authority
            }
        }
    }

    @discardableResult
    package func deleteComment(_ commentID: UUID, onImage itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority {
        try await deadline.bounded { [self] in
            try await write { connection in
                var post: (position: Int64, authorID: Int64?, visible: Bool)?
                for try await row in try await connection.query(
                    """
                    SELECT position, author_id, \(unescaped: PostAudience.includes(accountID: actor.accountID))
                    FROM feed_item WHERE id = \(itemID) FOR UPDATE
                    """, logger: logger
                ).decode((Int64, Int64?, Bool).self) {
                    post = row
                }
                guard let post else { throw PostRefusal.unknownPost(itemID) }
                var comment: (position: Int64, username: String)?
                for try await row in try await connection.query(
                    "SELECT position, username FROM comment WHERE id = \(commentID) AND feed_item_position = \(post.position)", logger: logger
                ).decode((Int64, String).self) {
                    comment = row
                }
                guard let comment else { throw PostRefusal.unknownComment(commentID) }
                let isItsAuthor = comment.username.lowercased() == actor.username.lowercased()
                let isTheirs = isItsAuthor || post.authorID == actor.accountID
                guard isTheirs || actor.isModerator else { throw post.visible ? PostRefusal.notAllowed : PostRefusal.unknownPost(itemID) }
                try await connection.query("DELETE FROM comment WHERE position = \(comment.position)", logger: logger)
                return isTheirs ? RemovalAuthority.owner : .moderator
            }
        }
    }

    /// The position of a post the actor may change (its own, or any when `moderatorsToo` and
    /// the actor moderates), locked until the transaction ends.
    private static func position(
        of itemID: UUID, changeableBy actor: PostActor, moderatorsToo: Bool, on connection: PostgresConnection, logger: Logger
    ) async throws -> (Int64, RemovalAuthority) {
        for try await (position, authorID, visible) in try await connection.query(
            """
            SELECT position, author_id, \(unescaped: PostAudience.includes(accountID: actor.accountID))
            FROM feed_item WHERE id = \(itemID) FOR UPDATE
            """, logger: logger
        ).decode((Int64, Int64?, Bool).self) {
            if authorID == actor.accountID { return (position, .owner) }
            // A post someone may not see is one they do not know of.
            guard moderatorsToo && actor.isModerator else { throw visible ? PostRefusal.notAllowed : PostRefusal.unknownPost(itemID) }
            return (position, .moderator)
        }
        throw PostRefusal.unknownPost(itemID)
    }

    /// Deletes each image kept by content that nothing refers to any more.
    static func deleteUnusedImages(_ digests: some Sequence<String>, on connection: PostgresConnection, logger: Logger) async throws {
        for digest in digests {
            try await connection.query(
                """
                DELETE FROM image WHERE digest = \(digest)
                    AND NOT EXISTS (SELECT 1 FROM feed_item WHERE image_digest = \(digest))
                    AND NOT EXISTS (SELECT 1 FROM feed_item_rendition WHERE image_digest = \(digest))
                    AND NOT EXISTS (SELECT 1 FROM news_photo_rendition WHERE image_digest = \(digest))
                    AND NOT EXISTS (SELECT 1 FROM account WHERE strpos(avatar, \(digest)) > 0)
                """, logger: logger)
        }
    }
}
