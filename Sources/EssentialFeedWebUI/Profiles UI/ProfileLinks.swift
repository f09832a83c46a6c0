import EssentialFeed
import Foundation

/// The addresses of profiles, as every screen links to them and the app's routes serve them.
public enum ProfileLinks {
    /// `/@username`: the username percent-encoded but for letters, digits, `.`, `_` and `-`.
    public static func profile(_ username: String) -> String {
        "/@" + encoded(username)
    }

    /// The profile screen from the photos after `imageID` (paging without scripts).
    public static func profile(_ username: String, after imageID: UUID) -> String {
        profile(username) + "?after=" + UUIDText.string(from: imageID)
    }

    /// The profile's photos after `imageID`, for the screen's script to add to the grid.
    public static func photosFragment(_ username: String, after imageID: UUID) -> String {
        "/fragments/@" + encoded(username) + "/photos?after=" + UUIDText.string(from: imageID)
    }

    /// Following (`isFollowing`) or unfollowing them: the form's address.
    public static func follow(_ username: String, isFollowing: Bool) -> String {
        profile(username) + (isFollowing ? "/follow" : "/unfollow")
    }

    /// The same, for the screen's script: it answers the profile's header.
    public static func followFragment(_ username: String, isFollowing: Bool) -> String {
        "/fragments" + follow(username, isFollowing: isFollowing)
    }

    /// Blocking, muting or undoing either: the form's address.
    public static func relation(_ username: String, _ change: RelationChange) -> String {
        profile(username) + "/" + change.rawValue
    }

    /// The same, for the profile's script: it answers the profile's header.
    public static func relationFragment(_ username: String, _ change: RelationChange) -> String {
        "/fragments" + relation(username, change)
    }

    /// The same as `followRequest`, for the screen's script: done is `204`.
    public static func followRequestFragment(_ username: String, accept: Bool) -> String {
        "/fragments" + followRequest(username, accept: accept)
    }

    /// The screen of those waiting for the reader to accept them.
    public static let followRequests = "/follow-requests"

    /// Accepting (`accept`) or rejecting someone's request to follow the reader.
    public static func followRequest(_ username: String, accept: Bool) -> String {
        followRequests + "/" + encoded(username) + (accept ? "/accept" : "/reject")
    }

    /// Their followers, or whom they follow, after the person named `after`.
    public static func people(_ username: String, _ list: PeopleList, after: String? = nil) -> String {
        profile(username) + "/" + list.rawValue + (after.map { "?after=" + encoded($0) } ?? "")
    }

    /// A photo's screen opened from their profile: its arrows walk their photos.
    public static func photo(_ imageID: UUID, by username: String) -> String {
        "/images/" + UUIDText.string(from: imageID) + "?by=" + encoded(username)
    }

    /// A person's picture, which the app serves under the name the API gives it; `nil` for an
    /// address that is not one of the API's images.
    public static func avatar(_ url: URL) -> String? {
        NewsImageName.name(in: url).map { avatarsPath + "/" + $0 }
    }

    public static let avatarsPath = "/avatars"
    public static let following = "/following"
    public static let followingFragment = "/fragments/following"

    /// Byte by byte, as it runs for every author of every page: a name of safe bytes alone,
    /// as nearly all are, comes back as it is.
    private static func encoded(_ username: String) -> String {
        let bytes = username.utf8
        if bytes.allSatisfy(isPathSafe) { return username }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isPathSafe(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isPathSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// Who posted a photo, as every screen names them: their picture (or initial), the name, then
/// the @handle, leading to their profile.
func authorLine(_ author: User) -> HTML {
    let picture = AvatarPicture(user: author, size: "inline").html
    return """
        <p class="feed-image-author"><a class="author-link" href="\(ProfileLinks.profile(author.username))">\(picture)\
        <span class="author-name">\(author.name)</span> <span class="author-handle">@\(author.username)</span></a></p>
        """
}

/// A person's round picture: theirs when they have one (the larger square for a profile's
/// header), else the initial of their name on a colour their username chooses, the same on
/// every screen. Decorative: their name is always beside it.
struct AvatarPicture {
    let user: User
    var size = "small"

    var html: HTML {
        if let avatar = user.avatar, let source = ProfileLinks.avatar(size == "large" ? avatar.smallURL : avatar.thumbURL) {
            return "<img class=\"avatar avatar-\(size) avatar-picture\" src=\"\(source)\" alt=\"\" width=\"128\" height=\"128\" decoding=\"async\">"
        }
        let initial = user.name.first.map(Self.capital) ?? "@"
        let hue = user.username.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF } % 8
        return "<span class=\"avatar avatar-\(size) avatar-hue-\(hue)\" aria-hidden=\"true\">\(initial)</span>"
    }

    /// A letter as a capital; an ASCII letter without building a string to upper-case.
    private static func capital(_ letter: Character) -> String {
        guard let ascii = letter.asciiValue else { return String(letter).uppercased() }
        let lowercaseA = UInt8(ascii: "a")
        let isLowercase = (lowercaseA...UInt8(ascii: "z")).contains(ascii)
        return String(Character(Unicode.Scalar(isLowercase ? ascii - lowercaseA + UInt8(ascii: "A") : ascii)))
    }
}

/// What the reader does to someone from their profile.
public enum RelationChange: String, CaseIterable, Sendable {
    case block
    case unblock
    case mute
    case unmute
}
