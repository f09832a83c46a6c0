import MediaPipeline

/// A photo as every database stores it: its size, colours, and its renditions listed in one
/// column as `name digest content-type` joined by commas.
package enum StoredPhotoColumns {
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
