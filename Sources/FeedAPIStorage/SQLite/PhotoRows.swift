import Foundation
import GRDB
import MediaPipeline

/// What the feed and the news store alike: image bytes kept once by content in the `image`
/// table, photos read back from their columns, and the errors of rows that make no sense.
enum PhotoRows {
    /// Stores each rendition's bytes once (by content) and calls `link` with its name and digest,
    /// for the caller to link it to the item or photo it belongs to.
    static func insertRenditions(
        of photo: ProcessedPhoto, in db: Database, link: (Rendition, ImageDigest) throws -> Void
    ) throws {
        let insertImage = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO image (digest, content_type, data) VALUES (?, ?, ?)")
        for (rendition, encoded) in photo.renditions {
            let digest = ImageDigest(of: encoded.bytes)
            try insertImage.execute(arguments: [digest.hex, encoded.mediaType, encoded.bytes])
            try link(rendition, digest)
        }
    }

    /// The columns `photo(from:)` reads for the photo of a table with `width`, `height`,
    /// `color` and `blur_hash`, and whose renditions `renditionsTable` links by `foreignKey`.
    static func columns(of table: String, renditionsTable: String, foreignKey: String, key: String) -> String {
        StoredPhotoColumns.selection(of: table, renditionsTable: renditionsTable, foreignKey: foreignKey, key: key, dialect: .sqlite)
    }

    /// The photo of a row with `width`, `height`, `color`, `blur_hash` and `renditions` (as
    /// `name digest content-type` joined by commas); `nil` when the row has none.
    static func photo(from row: Row) throws -> PhotoDetails? {
        let width: Int? = row["width"]
        let height: Int? = row["height"]
        let color: String? = row["color"]
        let blurHash: String? = row["blur_hash"]
        let renditions: String? = row["renditions"]
        return try StoredPhotoColumns.photo(width: width, height: height, color: color, blurHash: blurHash, renditions: renditions)
    }

    static func uuid(from text: String) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw CorruptData(detail: "UUID \(text)") }
        return uuid
    }

    static func format(from contentType: String) throws -> ImageFormat {
        try StoredPhotoColumns.format(from: contentType)
    }
}

/// A row the schema allows but no write of this program makes: the file was changed by hand
/// or damaged.
package struct CorruptData: Error, CustomStringConvertible {
    package let detail: String
    package var description: String { "The database holds an invalid \(detail)" }

    package init(detail: String) {
        self.detail = detail
    }
}
