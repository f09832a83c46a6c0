import Foundation
import GRDB

extension SQLiteFeedRepository: PostOwnership {
    package func edit(_ itemID: UUID, _ edit: PostEdit, by actor: PostActor, at date: Date) async throws -> FeedItem {
        let (edited, told) = try await database.write { db -> (FeedItem, [Int64]) in
            let (position, _) = try Self.position(of: itemID, changeableBy: actor, moderatorsToo: false, in: db)
            guard let current = try Self.item(at: position, in: db) else { throw PostRefusal.unknownPost(itemID) }
            let texts = edit.applied(to: current)
            try db.execute(
                sql: """
                    UPDATE feed_item SET description = ?, location = ?, alt = ?, content_warning = ?, edited_at = ?,
                        visibility = coalesce(?, visibility)
                    WHERE position = ?
                    """,
                arguments: [
                    texts.description, texts.location, texts.alt, texts.contentWarning, date.timeIntervalSince1970, edit.visibility?.rawValue,
                    position
                ])
            let told = try edit.mentions.map { try SQLiteMentions.retell($0, quota: edit.mentionQuota, at: date, ofPost: position, in: db) } ?? []
            guard let edited = try Self.item(at: position, in: db) else { throw PostRefusal.unknownPost(itemID) }
            return (edited, told)
        }
        version.bump()
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        return edited
    }

    @discardableResult
    package func delete(_ itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority {
        let (told, authority) = try await database.write { db -> ([Int64], RemovalAuthority) in
            let (position, authority) = try Self.position(of: itemID, changeableBy: actor, moderatorsToo: true, in: db)
            let told = try Int64.fetchAll(
                db, sql: "SELECT DISTINCT recipient_id FROM notification WHERE feed_item_position = ?", arguments: [position])
            let digests = try String.fetchAll(
                db,
                sql: """
                    SELECT image_digest FROM feed_item WHERE position = ?
                    UNION SELECT image_digest FROM feed_item_rendition WHERE feed_item_position = ?
                    """,
                arguments: [position, position])
            try db.execute(
                sql: "INSERT OR REPLACE INTO removed_feed_item (id, position) VALUES (?, ?)", arguments: [itemID.uuidString, position])
            try db.execute(sql: "DELETE FROM feed_item WHERE position = ?", arguments: [position])
            for digest in digests {
                try db.execute(sql: Self.unusedImageDeletion, arguments: ["digest": digest])
            }
            return (told, authority)
        }
        version.bump()
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        return authority
    }

    @discardableResult
    package func deleteComment(_ commentID: UUID, onImage itemID: UUID, by actor: PostActor) async throws -> RemovalAuthority {
        let (told, authority) = try await database.write { db -> ([Int64], RemovalAuthority) in
            guard
                let post = try Row.fetchOne(
                    db, sql: "SELECT position, author_id, \(PostAudience.includes(accountID: actor.accountID)) AS visible FROM feed_item WHERE id = ?",
                    arguments: [itemID.uuidString])
            else { throw PostRefusal.unknownPost(itemID) }
            let postPosition: Int64 = post["position"]
            guard
                let comment = try Row.fetchOne(
                    db, sql: "SELECT position, username FROM comment WHERE id = ? AND feed_item_position = ?",
                    arguments: [commentID.uuidString, postPosition])
            else { throw PostRefusal.unknownComment(commentID) }
            let isItsAuthor = (comment["username"] as String).lowercased() == actor.username.lowercased()
            let isTheirs = isItsAuthor || post["author_id"] == actor.accountID
            // A post someone may not see is one they do not know of.
            guard isTheirs || actor.isModerator else { throw post["visible"] ? PostRefusal.notAllowed : PostRefusal.unknownPost(itemID) }
            let commentPosition: Int64 = comment["position"]
            let told = try Int64.fetchAll(
                db, sql: "SELECT DISTINCT recipient_id FROM notification WHERE comment_position = ?", arguments: [commentPosition])
            try db.execute(sql: "DELETE FROM comment WHERE position = ?", arguments: [commentPosition])
            return (told, isTheirs ? .owner : .moderator)
        }
        version.bump()
        for recipient in told { changes.publish(.notificationsChanged(recipientID: recipient)) }
        return authority
    }

    /// Removes an image kept by content when nothing refers to it any more.
    static let unusedImageDeletion = """
        DELETE FROM image WHERE digest = :digest
            AND NOT EXISTS (SELECT 1 FROM feed_item WHERE image_digest = :digest)
            AND NOT EXISTS (SELECT 1 FROM feed_item_rendition WHERE image_digest = :digest)
            AND NOT EXISTS (SELECT 1 FROM news_photo_rendition WHERE image_digest = :digest)
            AND NOT EXISTS (SELECT 1 FROM account WHERE instr(avatar, :digest) > 0)
        """

    /// The position of a post the actor may change: its own, or any when `moderatorsToo` and
    /// the actor moderates.
    private static func position(
        of itemID: UUID, changeableBy actor: PostActor, moderatorsToo: Bool, in db: Database
    ) throws -> (Int64, RemovalAuthority) {
        guard
            let post = try Row.fetchOne(
                db, sql: "SELECT position, author_id, \(PostAudience.includes(accountID: actor.accountID)) AS visible FROM feed_item WHERE id = ?",
                arguments: [itemID.uuidString])
        else { throw PostRefusal.unknownPost(itemID) }
        if post["author_id"] == actor.accountID { return (post["position"], .owner) }
        // A post someone may not see is one they do not know of.
        guard moderatorsToo && actor.isModerator else { throw post["visible"] ? PostRefusal.notAllowed : PostRefusal.unknownPost(itemID) }
        return (post["position"], .moderator)
    }

    private static func item(at position: Int64, in db: Database) throws -> FeedItem? {
        try shownItem(at: position, in: db)
    }
}
