import FeedAPIStorage
import Hummingbird
import MediaPipeline

/// Encodes a feed page as the seeds' payload, `{"items":[{id, description?, location?, image}]}`,
/// with keys the seeds' mapper ignores: `alt?` (what the photo shows), `comment_count`,
/// `author?` (`{username, name}` of the account that posted it), `created_at?`, and what the
/// media pipeline learnt of the photo: `width`, `height`, `color` (`#RRGGBB`), `blur_hash` and
/// `urls` (`thumb`, `small`, `regular` — the same as `image` — and `full`).
/// Keys of absent values are left out.
struct FeedPageEncoder: Sendable {
    let urls: PublicURLs

    func encode(_ items: [FeedItem]) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + items.count * 256)
        writer.raw("{\"items\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { writer.raw(",") }
            write(item, to: &writer)
        }
        writer.raw("]}")
        return writer.buffer
    }

    /// One item as the page shows it, as a JSON object of its own.
    func encodeItem(_ item: FeedItem) -> ByteBuffer {
        var writer = JSONWriter(capacity: 512)
        write(item, to: &writer)
        return writer.buffer
    }

    private func write(_ item: FeedItem, to writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.string(item.id.uuidString)
        if let description = item.description {
            writer.raw(",\"description\":")
            writer.string(description)
        }
        if let location = item.location {
            writer.raw(",\"location\":")
            writer.string(location)
        }
        writer.raw(",\"image\":")
        writer.string(urls.image(item.image))
        if let alt = item.alt {
            writer.raw(",\"alt\":")
            writer.string(alt)
        }
        writer.raw(",\"comment_count\":")
        writer.integer(item.commentCount)
        if let author = item.author {
            writer.raw(",\"author\":{\"username\":")
            writer.string(author.username)
            writer.raw(",\"name\":")
            writer.string(author.name)
            writer.raw("}")
        }
        if let createdAt = item.createdAt {
            writer.raw(",\"created_at\":")
            writer.string(APIDateFormat.string(from: createdAt))
        }
        if let photo = item.photo {
            writePhoto(photo, to: &writer)
        }
        writer.raw("}")
    }

    private func writePhoto(_ photo: PhotoDetails, to writer: inout JSONWriter) {
        writer.raw(",\"width\":")
        writer.integer(photo.width)
        writer.raw(",\"height\":")
        writer.integer(photo.height)
        writer.raw(",\"color\":")
        writer.string(photo.color)
        writer.raw(",\"blur_hash\":")
        writer.string(photo.blurHash)
        writer.raw(",\"urls\":")
        urls.writeRenditions(of: photo, to: &writer)
    }
}

extension PublicURLs {
    /// `{"thumb": URL, "small": …, "regular": …, "full": …}`, smallest first, the sizes the photo has.
    func writeRenditions(of photo: PhotoDetails, to writer: inout JSONWriter) {
        writer.raw("{")
        var first = true
        for rendition in Rendition.allCases {
            guard let image = photo.renditions[rendition] else { continue }
            if !first { writer.raw(",") }
            first = false
            writer.string(rendition.rawValue)
            writer.raw(":")
            writer.string(self.image(image))
        }
        writer.raw("}")
    }
}
