import FeedAPIStorage
import Foundation

/// Loads a large made-up feed quickly, for benchmarks: never used on a request's path.
///
/// Item `n` (from 1) has the id `00000000-0000-4000-8000-<n as 12 hex digits>`, so a benchmark
/// can name any page without asking the database; all items share one 1×1 PNG, and the
/// first item carries `commentsOnFirstItem` comments.
public enum SyntheticFeed {
    public static func itemID(_ number: Int) -> UUID? {
        let hex = String(number, radix: 16, uppercase: true)
        guard number > 0, hex.count <= 12 else { return nil }
        return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)
    }

    /// Appends `itemCount` items to the feed of `database`, in transactions of `batchSize` items.
    package static func load(
        itemCount: Int,
        commentsOnFirstItem: Int = 20,
        into database: some APIStorage,
        batchSize: Int = 50_000
    ) async throws {
        try await load(itemCount: itemCount, commentsOnFirstItem: commentsOnFirstItem, into: database.feed, batchSize: batchSize)
    }

    /// `author` names the account posting item `n`, when any.
    static func load(
        itemCount: Int, commentsOnFirstItem: Int, into repository: any FeedWriting, batchSize: Int,
        author: (Int) -> String? = { _ in nil }
    ) async throws {
        let image = StoredImage(data: onePixelPNG, format: .png)
        let epoch = Date(timeIntervalSince1970: 1_590_000_000)
        for batchStart in stride(from: 1, through: itemCount, by: max(1, batchSize)) {
            let batchEnd = min(itemCount, batchStart + batchSize - 1)
            let items = (batchStart...batchEnd).compactMap { number -> NewFeedItem? in
                guard let id = itemID(number) else { return nil }
                let comments =
                    number == 1
                    ? (0..<commentsOnFirstItem).map { index in
                        FeedComment(
                            id: UUID(), message: "Comment \(index + 1) on item 1",
                            createdAt: epoch.addingTimeInterval(Double(-index) * 3600), username: "user\(index % 7)")
                    } : []
                return NewFeedItem(
                    id: id,
                    description: number % 3 == 0 ? nil : "Item \(number)",
                    location: number % 2 == 0 ? nil : "Location \(number % 1000)",
                    image: image, comments: comments, authorUsername: author(number))
            }
            try await repository.append(items)
        }
    }

    private static let onePixelPNG = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
        0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xD0, 0xAA, 0xBF, 0x02,
        0x00, 0x02, 0x54, 0x01, 0x7E, 0x5A, 0x42, 0xCA, 0x47, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82
    ])
}
