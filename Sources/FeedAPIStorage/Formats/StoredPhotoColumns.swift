import MediaPipeline

/// Where the SQL of the databases the API runs on differs in what the shared queries use.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The aggregate that joins text with a separator.
    var listAggregate: String {
        switch self {
        case .sqlite: "group_concat"
        case .postgres: "string_agg"
        }
    }
}

/// A photo as every database stores it: its size, colours, and its renditions listed in one
/// column as `name digest content-type` joined by commas.
package enum StoredPhotoColumns {
    /// The SQL that selects what `photo(width:height:color:blurHash:renditions:)` reads, for
    /// the photo of `table` (with `width`, `height`, `color` and `blur_hash`) whose renditions
    /// `renditionsTable` links by `foreignKey` to `table.key`.
    package static func selection(of table: String, renditionsTable: String, foreignKey: String, key: String, dialect: SQLDialect) -> String {
        """
        \(table).width, \(table).height, \(table).color, \(table).blur_hash,
        (SELECT \(dialect.listAggregate)(rendition.name || ' ' || rendition.image_digest || ' ' || rendition_image.content_type, ',')
         FROM \(renditionsTable) AS rendition JOIN image AS rendition_image ON rendition_image.digest = rendition.image_digest
         WHERE rendition.\(foreignKey) = \(table).\(key)) AS renditions
        """
    }

    /// `nil` when the row has no photo.
    package static func photo(width: Int?, height: Int?, color: String?, blurHash: String?, renditions list: String?) throws -> PhotoDetails? {
        guard let width, let height, let color, let blurHash, let list else { return nil }
        var renditions = [Rendition: ImageReference]()
        for entry in list.split(separator: ",") {
            let parts = entry.split(separator: " ")
            guard parts.count == 3, let rendition = Rendition(rawValue: String(parts[0])),
                let digest = ImageDigest(hex: parts[1])
            else { throw CorruptData(detail: "rendition \(entry)") }
            renditions[rendition] = ImageReference(digest: digest, format: try format(from: String(parts[2])))
        }
        return PhotoDetails(width: width, height: height, color: color, blurHash: blurHash, renditions: renditions)
    }

    package static func format(from contentType: String) throws -> ImageFormat {
        guard let format = ImageFormat(contentType: contentType) else { throw CorruptData(detail: "content type \(contentType)") }
        return format
    }
}
