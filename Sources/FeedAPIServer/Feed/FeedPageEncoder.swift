import Hummingbird

/// Encodes a feed page as the seeds' payload, `{"items":[{id, description?, location?, image}]}`,
/// with keys the seeds' mapper ignores: `alt?` (what the photo shows), `comment_count` and
/// `author?` (`{username, name}` of the account that posted it).
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
            if let author = item.author {
                writer.raw(",\"author\":{\"username\":")
                writer.string(author.username)
                writer.raw(",\"name\":")
                writer.string(author.name)
                writer.raw("}")
            }
            writer.raw("}")
        }
        writer.raw("]}")
        return writer.buffer
    }
}
