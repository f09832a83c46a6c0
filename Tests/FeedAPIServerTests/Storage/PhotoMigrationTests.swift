import Foundation
import GRDB
import MediaPipeline
import Testing

@testable import FeedAPIAdministration
@testable import FeedAPIDemo
@testable import FeedAPIServer
@testable import FeedAPIStorage

/// A database written before the media pipeline: opening it processes each earlier image once
/// and gives its items renditions, sizes and colours; nothing else changes.
@Suite struct PhotoMigrationTests {
    @Test func earlierItemsGetRenditionsSizesAndColoursOfTheirImage() async throws {
        let path = temporaryDatabasePath()
        let png = try PixelEncoder.encode(Array(repeating: 200, count: 500 * 250 * 3), width: 500, height: 250, bands: 3, as: .png)
        try writeDatabaseBeforeRenditions(at: path, itemIDs: [UUID(), UUID()], sharing: png)

        let page = try await makeRepository(path: path).feedPage(after: nil, limit: 10)

        let expected = try PhotoProcessor().process(png)
        #expect(page.count == 2)
        for item in page {
            #expect(item.photo?.width == 500 && item.photo?.height == 250)
            #expect(item.photo?.blurHash == expected.blurHash)
            #expect(item.photo?.color == expected.averageColor)
            #expect(Set(item.photo?.renditions.keys.map { $0 } ?? []) == Set(Rendition.allCases))
            #expect(item.image == item.photo?.renditions[.regular])
            #expect(item.createdAt == nil)
        }
        #expect(page[0].description == "kept")
    }

    @Test func theEarlierImageIsNotKeptOnceReplacedByItsRenditions() async throws {
        let path = temporaryDatabasePath()
        let png = try PixelEncoder.encode(Array(repeating: 90, count: 64 * 64 * 3), width: 64, height: 64, bands: 3, as: .png)
        try writeDatabaseBeforeRenditions(at: path, itemIDs: [UUID()], sharing: png)

        let repository = try await makeRepository(path: path)

        #expect(try await repository.image(withDigest: ImageDigest(of: png)) == nil)
        let item = try #require(try await repository.feedPage(after: nil, limit: 1).first)
        #expect(try await repository.image(withDigest: item.image.digest)?.format == .jpeg)
    }

    @Test func anUnreadableEarlierImageLeavesItsItemAsItWas() async throws {
        let path = temporaryDatabasePath()
        let broken = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try writeDatabaseBeforeRenditions(at: path, itemIDs: [UUID()], sharing: broken)

        let repository = try await makeRepository(path: path)

        let item = try #require(try await repository.feedPage(after: nil, limit: 1).first)
        #expect(item.photo == nil)
        #expect(item.image.digest == ImageDigest(of: broken))
        #expect(try await repository.image(withDigest: ImageDigest(of: broken))?.data == broken)
    }

    private func writeDatabaseBeforeRenditions(at path: String, itemIDs: [UUID], sharing image: Data) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try AccountsMigrations.migrator.migrate(queue, upTo: "Create accounts, tokens and failed log-ins")
        try FeedMigrations.migrator.migrate(queue, upTo: "Give every post the account that posted it")
        try queue.write { db in
            let digest = ImageDigest(of: image).hex
            try db.execute(sql: "INSERT INTO image (digest, content_type, data) VALUES (?, 'image/png', ?)", arguments: [digest, image])
            for id in itemIDs {
                try db.execute(
                    sql: "INSERT INTO feed_item (id, description, image_digest) VALUES (?, 'kept', ?)",
                    arguments: [id.uuidString, digest])
            }
        }
    }
}
