import FeedAPIStorage
import MediaPipeline

extension JSONWriter {
    /// What the media pipeline learnt of a photo, as feed items and news images both carry
    /// it: `width`, `height`, `color` (`#RRGGBB`), `blur_hash` and `urls` (`thumb`, `small`,
    /// `regular`, `full`: smallest first, the sizes the photo has).
    mutating func photoFields(_ photo: PhotoDetails, urls: PublicURLs) {
        field("width", photo.width)
        field("height", photo.height)
        field("color", photo.color)
        field("blur_hash", photo.blurHash)
        field("urls") { renditions in
            for rendition in Rendition.allCases {
                guard let image = photo.renditions[rendition] else { continue }
                renditions.key(rendition.key)
                renditions.string(urls.image(image))
            }
        }
    }
}

extension JSONWriter {
    /// `avatar`: `null`, or a person's picture as `{color, blur_hash, urls: {thumb, small}}`
    /// (two square JPEGs).
    mutating func avatarField(_ avatar: AvatarDetails?, urls: PublicURLs) {
        guard let avatar else { return nullField("avatar") }
        field("avatar") { object in
            object.field("color", avatar.color)
            object.field("blur_hash", avatar.blurHash)
            object.field("urls") { renditions in
                renditions.field("thumb", urls.image(ImageReference(digest: avatar.thumb, format: .jpeg)))
                renditions.field("small", urls.image(ImageReference(digest: avatar.small, format: .jpeg)))
            }
        }
    }
}

private extension Rendition {
    var key: StaticString {
        switch self {
        case .thumb: "thumb"
        case .small: "small"
        case .regular: "regular"
        case .full: "full"
        }
    }
}
