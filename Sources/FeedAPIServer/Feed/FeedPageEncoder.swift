import FeedAPIStorage
import Foundation
import Hummingbird
import MediaPipeline

/// Encodes a feed page as the seeds' payload, `{"items":[{id, description?, location?, image}]}`,
/// with keys the seeds' mapper ignores: `alt?` (what the photo shows), `comment_count`,
/// `author?` (`{username, name, display_name, avatar}` of the account that posted it; `name`
/// is the display name, kept for earlier clients; `avatar` is `null` until people have one), `created_at?`,
/// `edited_at?` (when its owner last changed its texts), `content_warning?`, `visibility`
/// (`public`, or `followers` for a post only its author's followers see), and what the
/// media pipeline learnt of the photo: `width`, `height`, `color` (`#RRGGBB`), `blur_hash` and
/// `urls` (`thumb`, `small`, `regular` — the same as `image` — and `full`).
/// Keys of absent values are left out. Every item has `like_count`; read with a token, also
/// `liked` (`likedItems`, the ids among them the reader likes).
package struct FeedPageEncoder: Sendable {
    let urls: PublicURLs
    var likedItems: Set<UUID>? = nil

    package init(urls: PublicURLs) {
        self.urls = urls
    }

    init(urls: PublicURLs, likedItems: Set<UUID>?) {
        self.urls = urls
        self.likedItems = likedItems
    }

    package func encode(_ items: [FeedItem]) -> ByteBuffer {
        var writer = JSONWriter(capacity: 64 + items.count * 256)
        writer.object { page in
            page.field("items", array: items) { writer, item in write(item, to: &writer) }
        }
        return writer.buffer
    }

    /// One item as the page shows it, as a JSON object of its own.
    func encodeItem(_ item: FeedItem) -> ByteBuffer {
        var writer = JSONWriter(capacity: 512)
        write(item, to: &writer)
        return writer.buffer
    }

    func write(_ item: FeedItem, to writer: inout JSONWriter) {
        writer.object { object in
            object.field("id", item.id.uuidString)
            object.optionalField("description", item.description)
            object.optionalField("location", item.location)
            object.field("image", urls.image(item.image))
            object.optionalField("alt", item.alt)
            object.field("comment_count", item.commentCount)
            object.field("like_count", item.likeCount)
            if let likedItems { object.field("liked", likedItems.contains(item.id)) }
            if let author = item.author {
                object.field("author") { object in
                    object.field("username", author.username)
                    object.field("name", author.name)
                    object.field("display_name", author.name)
                    object.avatarField(author.avatar, urls: urls)
                }
            }
            object.optionalField("created_at", item.createdAt.map(APIDateFormat.string(from:)))
            object.optionalField("edited_at", item.editedAt.map(APIDateFormat.string(from:)))
            object.optionalField("content_warning", item.contentWarning)
            object.field("visibility", item.visibility.rawValue)
            if let photo = item.photo {
                object.photoFields(photo, urls: urls)
            }
        }
    }
}
