import EssentialFeed
import Foundation

/// How a kept picture of a person is stored (a cached author's, a session's own): one JSON
/// text column, read back leniently — one that does not read is no picture, and the initial
/// shows instead.
enum StoredAvatar {
    private struct Fields: Codable {
        let thumb: URL
        let small: URL
        let color: String?
        let blurHash: String?
    }

    static func encode(_ avatar: Avatar) -> String? {
        let fields = Fields(thumb: avatar.thumbURL, small: avatar.smallURL, color: avatar.averageColor, blurHash: avatar.blurHash)
        return (try? JSONEncoder().encode(fields)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func decode(_ text: String) -> Avatar? {
        (try? JSONDecoder().decode(Fields.self, from: Data(text.utf8))).map {
            Avatar(thumbURL: $0.thumb, smallURL: $0.small, averageColor: $0.color, blurHash: $0.blurHash)
        }
    }

    /// The author a cached row names, with their picture when it still reads.
    static func author(username: String?, name: String?, avatar: String?) -> User? {
        username.map { User(username: $0, name: name ?? $0, avatar: avatar.flatMap(decode)) }
    }
}
