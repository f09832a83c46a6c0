import FeedAPIStorage
import Hummingbird

/// Encodes comments as the seeds' payload: `{"items":[{id, message, created_at, author: {username}}]}`.
enum ImageCommentsEncoder {
    static func encode(_ comments: [FeedComment]) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + comments.count * 256)
        writer.raw("{\"items\":[")
        for (index, comment) in comments.enumerated() {
            if index > 0 { writer.raw(",") }
            write(comment, to: &writer)
        }
        writer.raw("]}")
        return writer.buffer
    }

    /// One comment, as an item of the list has it.
    static func encode(_ comment: FeedComment) -> ByteBuffer {
        var writer = JSONWriter(capacity: 256)
        write(comment, to: &writer)
        return writer.buffer
    }

    private static func write(_ comment: FeedComment, to writer: inout JSONWriter) {
        writer.raw("{\"id\":")
        writer.string(comment.id.uuidString)
        writer.raw(",\"message\":")
        writer.string(comment.message)
        writer.raw(",\"created_at\":")
        writer.string(APIDateFormat.string(from: comment.createdAt))
        writer.raw(",\"author\":{\"username\":")
        writer.string(comment.username)
        writer.raw("}}")
    }
}
