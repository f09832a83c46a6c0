import Hummingbird

/// Encodes comments as the seeds' payload: `{"items":[{id, message, created_at, author: {username}}]}`.
enum ImageCommentsEncoder {
    static func encode(_ comments: [FeedComment]) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + comments.count * 256)
        writer.raw("{\"items\":[")
        for (index, comment) in comments.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"id\":")
            writer.string(comment.id.uuidString)
            writer.raw(",\"message\":")
            writer.string(comment.message)
            writer.raw(",\"created_at\":")
            writer.string(CommentDateFormat.string(from: comment.createdAt))
            writer.raw(",\"author\":{\"username\":")
            writer.string(comment.username)
            writer.raw("}}")
        }
        writer.raw("]}")
        return writer.buffer
    }
}
