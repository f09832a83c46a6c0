import MediaPipeline

/// A person's picture as the feed shows it: its placeholder colours and its two square JPEG
/// renditions, named by their content.
package struct AvatarDetails: Equatable, Sendable {
    /// `#RRGGBB`.
    package let color: String
    package let blurHash: String
    package let thumb: ImageDigest
    package let small: ImageDigest

    package init(color: String, blurHash: String, thumb: ImageDigest, small: ImageDigest) {
        self.color = color
        self.blurHash = blurHash
        self.thumb = thumb
        self.small = small
    }

    /// The picture a processed avatar becomes once its renditions are stored by content.
    package init?(_ avatar: ProcessedAvatar) {
        guard let thumb = avatar.renditions[.thumb], let small = avatar.renditions[.small] else { return nil }
        self.init(
            color: avatar.averageColor, blurHash: avatar.blurHash, thumb: ImageDigest(of: thumb.bytes), small: ImageDigest(of: small.bytes))
    }
}

/// An avatar as every database keeps it: one column of the account, written and read whole
/// (`#RRGGBB blur-hash thumb-digest small-digest`), so every query that names a person
/// carries their picture by selecting one more column; `NULL` when they have none.
package enum StoredAvatarColumn {
    package static func text(of avatar: AvatarDetails) -> String {
        "\(avatar.color) \(avatar.blurHash) \(avatar.thumb.hex) \(avatar.small.hex)"
    }

    /// - Throws: `CorruptData` for text no write of this program makes.
    package static func avatar(from text: String?) throws -> AvatarDetails? {
        guard let text else { return nil }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 7, parts[0].first == "#", !parts[1].isEmpty,
            let thumb = ImageDigest(hex: parts[2]), let small = ImageDigest(hex: parts[3])
        else { throw CorruptData(detail: "avatar \(text.prefix(200))") }
        return AvatarDetails(color: String(parts[0]), blurHash: String(parts[1]), thumb: thumb, small: small)
    }
}
