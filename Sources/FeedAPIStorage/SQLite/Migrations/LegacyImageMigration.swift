import Foundation
import GRDB
import Logging
import MediaPipeline

/// Brings items stored before the media pipeline up to date, inside the migration that adds
/// renditions: each distinct image is processed once, its renditions linked to every item
/// showing it, and the item's `image` becomes the `regular` rendition. An image the pipeline
/// cannot read keeps its item as it was, without renditions.
struct LegacyImageMigration {
    let processor: PhotoProcessor
    var logger = Logger(label: "essential-feed.api.migration")

    func processImagesOfEarlierItems(in db: Database) throws {
        let digests = try String.fetchAll(db, sql: "SELECT DISTINCT image_digest FROM feed_item WHERE width IS NULL")
        for digest in digests {
            guard let data = try Data.fetchOne(db, sql: "SELECT data FROM image WHERE digest = ?", arguments: [digest]) else { continue }
            let photo: ProcessedPhoto
            do {
                photo = try processor.process(data)
            } catch {
                logger.warning("An earlier image stays without renditions", metadata: ["digest": "\(digest)", "error": "\(error)"])
                continue
            }
            guard let regular = photo.renditions[.regular] else { continue }
            let positions = try Int64.fetchAll(db, sql: "SELECT position FROM feed_item WHERE image_digest = ? AND width IS NULL", arguments: [digest])
            for position in positions {
                try SQLiteFeedRepository.insertRenditions(of: photo, forItemAt: position, in: db)
            }
            try db.execute(
                sql: """
                    UPDATE feed_item SET width = ?, height = ?, color = ?, blur_hash = ?, image_digest = ?
                    WHERE image_digest = ? AND width IS NULL
                    """,
                arguments: [photo.width, photo.height, photo.averageColor, photo.blurHash, ImageDigest(of: regular.bytes).hex, digest])
        }
        try db.execute(
            sql: """
                DELETE FROM image WHERE digest NOT IN (SELECT image_digest FROM feed_item)
                    AND digest NOT IN (SELECT image_digest FROM feed_item_rendition)
                """)
    }
}
