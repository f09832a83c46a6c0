import EssentialFeed
import Foundation

/// The person's picture as a session's row keeps it: one text column, so both databases keep
/// it alike and a session from before pictures (the column empty) reads as none.
enum SessionAvatarColumn {
    private struct Stored: Codable {
        let thumb: URL
        let small: URL
        let color: String?
        let blurHash: String?
    }

    static func text(for avatar: Avatar?) -> String? {
        guard let avatar else { return nil }
        let stored = Stored(thumb: avatar.thumbURL, small: avatar.smallURL, color: avatar.averageColor, blurHash: avatar.blurHash)
        guard let data = try? JSONEncoder().encode(stored) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `nil` for an empty column, and for one this program cannot read (a damaged file): the
    /// header then shows the person's initial, and the session goes on.
    static func avatar(from text: String?) -> Avatar? {
        guard let text, let stored = try? JSONDecoder().decode(Stored.self, from: Data(text.utf8)) else { return nil }
        return Avatar(thumbURL: stored.thumb, smallURL: stored.small, averageColor: stored.color, blurHash: stored.blurHash)
    }
}
