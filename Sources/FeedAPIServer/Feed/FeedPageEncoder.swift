import Hummingbird

/// Encodes a feed page as the seeds' payload: `{"items":[{id, description?, location?, image}]}`,
/// leaving out the keys of absent values.
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
            writer.raw("}")
        }
        writer.raw("]}")
        return writer.buffer
    }
}
