import FeedAPIStorage

/// The last path segment of an image URL: `<sha256-hex>.<png|jpg>`.
struct ImageFileName: Equatable {
    let digest: ImageDigest
    let format: ImageFormat

    init(digest: ImageDigest, format: ImageFormat) {
        self.digest = digest
        self.format = format
    }

    init?(_ segment: Substring) {
        guard let dot = segment.lastIndex(of: "."),
            let digest = ImageDigest(hex: segment[..<dot]),
            let format = ImageFormat(fileExtension: segment[segment.index(after: dot)...])
        else { return nil }
        self.init(digest: digest, format: format)
    }

    var description: String { "\(digest.hex).\(format.fileExtension)" }
}
