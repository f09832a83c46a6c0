import FeedAPIStorage
import Hummingbird

/// Encodes comments as the seeds' payload: `{"items":[{id, message, created_at, author: {username, name?}}]}`.
enum ImageCommentsEncoder {
    static func encode(_ comments: [FeedComment], urls: PublicURLs) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + comments.count * 256)
        writer.object { page in
            page.field("items", array: comments) { writer, comment in write(comment, urls: urls, to: &writer) }
        }
        return writer.buffer
    }

    /// One comment, as an item of the list has it.
    static func encode(_ comment: FeedComment, urls: PublicURLs) -> ByteBuffer {
        var writer = JSONWriter(capacity: 256)
        write(comment, urls: urls, to: &writer)
        return writer.buffer
    }

    private static func write(_ comment: FeedComment, urls: PublicURLs, to writer: inout JSONWriter) {
        writer.object { object in
            object.field("id", comment.id.uuidString)
            object.field("message", comment.message)
            object.field("created_at", APIDateFormat.string(from: comment.createdAt))
            object.field("author") { author in
                author.field("username", comment.username)
                author.optionalField("name", comment.authorName)
                author.optionalField("display_name", comment.authorName)
                author.avatarField(comment.authorAvatar, urls: urls)
            }
        }
    }
}
