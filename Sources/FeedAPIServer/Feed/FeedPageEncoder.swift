import Hummingbird

/// Encodes a feed page as the seeds' payload, `{"items":[{id, description?, location?, image}]}`,
/// with two keys the seeds' mapper ignores: `alt?` (what the photo shows) and `comment_count`.
/// Keys of absent values are left out.
struct FeedPageEncoder: Sendable {
    let urls: PublicURLs

    func encode(_ items: [FeedItem]) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + items.count * 256)
        writer.raw("{\"items\":[")
        for (index, item) in items.enumerated() {
            if index > 0 { writer.raw(",") }
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
            writer.raw("}")
        }
        writer.raw("]}")
        return writer.buffer
    }
}
