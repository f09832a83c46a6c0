/// Fills an empty repository with the demo feed.
struct DemoFeedSeeder {
    let repository: any FeedRepository

    /// - Returns: whether it seeded; `false` when the repository already had items.
    func seedIfEmpty(with demoFeed: [DemoFeedItem]) async throws -> Bool {
        try await repository.appendIfEmpty(try demoFeed.map(Self.newFeedItem))
    }

    private static func newFeedItem(from item: DemoFeedItem) throws -> NewFeedItem {
        guard let format = ImageFormat(contentType: item.image.contentType) else {
            throw UnsupportedImageType(contentType: item.image.contentType, itemID: item.id.uuidString)
        }
        return NewFeedItem(
            id: item.id,
            description: item.description,
            location: item.location,
            image: StoredImage(data: item.image.data, format: format),
            comments: item.comments.map {
                FeedComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.username)
            },
            alt: item.alt,
            authorUsername: item.author
        )
    }

    struct UnsupportedImageType: Error, Equatable, CustomStringConvertible {
        let contentType: String
        let itemID: String
        var description: String { "Demo item \(itemID) has an image of type \(contentType); only PNG and JPEG are served" }
    }
}
