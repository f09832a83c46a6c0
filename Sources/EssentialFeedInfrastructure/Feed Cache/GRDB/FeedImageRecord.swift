import EssentialFeed
import Foundation
import GRDB

/// A row of table `feedImage`: one image of the cached feed at its position.
struct FeedImageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "feedImage"

    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        .uppercaseString
    }

    enum Columns {
        static let position = Column(CodingKeys.position)
        static let id = Column(CodingKeys.id)
    }

    let position: Int
    let id: UUID
    let description: String?
    let location: String?
    let url: URL
    let alternativeText: String?
    let commentCount: Int?
    let authorUsername: String?
    let authorName: String?
    /// JSON of the author's `Avatar`; a value that no longer reads leaves them without it.
    let authorAvatar: String?
    /// JSON of `LocalFeedPhoto`; a value that no longer reads leaves the image without it.
    let photo: String?
    let createdAt: Date?
    let likeCount: Int?
    let contentWarning: String?
    let editedAt: Date?

    init(_ image: LocalFeedImage, position: Int) {
        self.position = position
        self.id = image.id
        self.description = image.description
        self.location = image.location
        self.url = image.url
        self.alternativeText = image.alternativeText
        self.commentCount = image.commentCount
        self.authorUsername = image.author?.username
        self.authorName = image.author?.name
        self.authorAvatar = image.author?.avatar.flatMap(StoredAvatar.encode)
        self.photo = image.photo.flatMap(StoredPhoto.encode)
        self.createdAt = image.createdAt
        self.likeCount = image.likeCount
        self.contentWarning = image.contentWarning
        self.editedAt = image.editedAt
    }

    /// The last position of the image `id` in the cached feed.
    static func lastPosition(of id: UUID, _ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT max(position) FROM feedImage WHERE id = ?", arguments: [id.uuidString])
    }

    var local: LocalFeedImage {
        LocalFeedImage(
            id: id, description: description, location: location, url: url,
            alternativeText: alternativeText, commentCount: commentCount, author: author,
            photo: photo.flatMap(StoredPhoto.decode), createdAt: createdAt, likeCount: likeCount,
            contentWarning: contentWarning, editedAt: editedAt)
    }

    private var author: User? {
        StoredAvatar.author(username: authorUsername, name: authorName, avatar: authorAvatar)
    }
}

/// How a cached photo's details are kept: one JSON text column, read back leniently.
enum StoredPhoto {
    static func encode(_ photo: LocalFeedPhoto) -> String? {
        (try? JSONEncoder().encode(photo)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func decode(_ text: String) -> LocalFeedPhoto? {
        try? JSONDecoder().decode(LocalFeedPhoto.self, from: Data(text.utf8))
    }
}
