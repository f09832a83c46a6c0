import FeedAPIStorage
import Foundation
import MediaPipeline

/// Fills an empty repository with the demo feed, each image through the media pipeline as a
/// photo someone posted would go.
struct DemoFeedSeeder {
    let repository: any FeedRepository
    var processor = PhotoProcessor()

    /// - Returns: whether it seeded; `false` when the repository already had items.
    func seedIfEmpty(with demoFeed: [DemoFeedItem]) async throws -> Bool {
        try await repository.appendIfEmpty(try demoFeed.map(newFeedItem))
    }

    private func newFeedItem(from item: DemoFeedItem) throws -> NewFeedItem {
        NewFeedItem(
            id: item.id,
            description: item.description,
            location: item.location,
            photo: try processor.process(item.image.data),
            comments: item.comments.map {
                FeedComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.username)
            },
            alt: item.alt,
            authorUsername: item.author,
            createdAt: item.createdAt ?? Date()
        )
    }
}
