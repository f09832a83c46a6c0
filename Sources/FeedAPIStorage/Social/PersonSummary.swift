import Foundation

/// Someone as a post or a list of people shows them: the handle, the display name and the avatar.
package struct PersonSummary: Equatable, Sendable {
    package let username: String
    package let name: String
    package var avatar: AvatarDetails? = nil

    package init(username: String, name: String, avatar: AvatarDetails? = nil) {
        self.username = username
        self.name = name
        self.avatar = avatar
    }
}

/// Who posted an item.
package typealias Author = PersonSummary
/// Someone in a list of followers or of people followed.
package typealias FollowListEntry = PersonSummary
/// Someone who liked a post.
package typealias Liker = PersonSummary
