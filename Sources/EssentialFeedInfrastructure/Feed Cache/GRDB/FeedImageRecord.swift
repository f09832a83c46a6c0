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
    }

    let position: Int
    let id: UUID
    let description: String?
    let location: String?
    let url: URL

    init(_ image: LocalFeedImage, position: Int) {
        self.position = position
        self.id = image.id
        self.description = image.description
        self.location = image.location
        self.url = image.url
    }

    var local: LocalFeedImage {
        LocalFeedImage(id: id, description: description, location: location, url: url)
    }
}
