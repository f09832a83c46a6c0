import EssentialFeed
import Foundation
import GRDB

/// A row of table `replacedFeedImage`: an image of a feed the cache no longer holds, kept
/// so a page still on screen can find its image by id after another page replaced the feed.
struct ReplacedFeedImageRecord: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "replacedFeedImage"
    static let kept = 5_000

    let id: UUID
    let description: String?
    let location: String?
    let url: URL
    let alternativeText: String?
    let commentCount: Int?
    let authorUsername: String?
    let authorName: String?
    let authorAvatar: String?
    let photo: String?
    let createdAt: Date?
    let likeCount: Int?
    let contentWarning: String?
    let editedAt: Date?

    /// Keeps the images of the cached feed after `position`, then forgets the oldest
    /// beyond `kept`.
    static func keepCachedImages(after position: Int = -1, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO replacedFeedImage (id, description, location, url, alternativeText, commentCount, authorUsername, authorName,
                                               authorAvatar, photo, createdAt, likeCount, contentWarning, editedAt)
                SELECT id, description, location, url, alternativeText, commentCount, authorUsername, authorName, authorAvatar, photo, createdAt,
                    likeCount, contentWarning, editedAt
                FROM feedImage WHERE position > ? ORDER BY position
                """, arguments: [position])
        try db.execute(
            sql: """
                DELETE FROM replacedFeedImage WHERE sequence <= (SELECT max(sequence) FROM replacedFeedImage) - ?
                """, arguments: [kept])
    }

    static func delete(imageWithID id: UUID, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM replacedFeedImage WHERE id = ?", arguments: [id.uuidString])
    }

    static func image(withID id: UUID, _ db: Database) throws -> LocalFeedImage? {
        let record =
            try ReplacedFeedImageRecord
            .filter(sql: "id = ?", arguments: [id.uuidString])
            .order(sql: "sequence DESC")
            .fetchOne(db)
        return record.map { record in
            LocalFeedImage(
                id: record.id, description: record.description, location: record.location, url: record.url,
                alternativeText: record.alternativeText, commentCount: record.commentCount,
                author: StoredAvatar.author(username: record.authorUsername, name: record.authorName, avatar: record.authorAvatar),
                photo: record.photo.flatMap(StoredPhoto.decode), createdAt: record.createdAt, likeCount: record.likeCount,
                contentWarning: record.contentWarning, editedAt: record.editedAt
            )
        }
    }
}
