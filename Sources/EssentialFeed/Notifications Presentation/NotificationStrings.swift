import Foundation

/// The strings of notifications, the bell, likes, and the live updates.
public enum NotificationStrings: String, LocalizedStringTable {
    case title = "NOTIFICATIONS_TITLE"
    case empty = "NOTIFICATIONS_EMPTY"
    case bell = "NOTIFICATIONS_BELL"
    /// Holds the count.
    case bellUnread = "NOTIFICATIONS_BELL_UNREAD"
    /// Holds two names.
    case twoPeople = "NOTIFICATIONS_TWO_PEOPLE"
    /// Holds a name and how many others.
    case morePeople = "NOTIFICATIONS_MORE_PEOPLE"
    /// Each holds who did it.
    case liked = "NOTIFICATIONS_LIKED"
    case likedMany = "NOTIFICATIONS_LIKED_MANY"
    case commented = "NOTIFICATIONS_COMMENTED"
    case commentedMany = "NOTIFICATIONS_COMMENTED_MANY"
    case followed = "NOTIFICATIONS_FOLLOWED"
    case followedMany = "NOTIFICATIONS_FOLLOWED_MANY"
    case askedToFollow = "NOTIFICATIONS_ASKED_TO_FOLLOW"
    case askedToFollowMany = "NOTIFICATIONS_ASKED_TO_FOLLOW_MANY"
    case acceptedRequest = "NOTIFICATIONS_ACCEPTED_REQUEST"
    case acceptedRequestMany = "NOTIFICATIONS_ACCEPTED_REQUEST_MANY"
    case mentioned = "NOTIFICATIONS_MENTIONED"
    case loadError = "NOTIFICATIONS_LOAD_ERROR"
    case older = "NOTIFICATIONS_OLDER"
    case like = "LIKE_BUTTON"
    case unlike = "UNLIKE_BUTTON"
    /// Holds the count.
    case likeCountOne = "LIKE_COUNT_ONE"
    case likeCount = "LIKE_COUNT"
    case likersTitle = "LIKERS_TITLE"
    case noLikers = "LIKERS_EMPTY"
    case likeOffline = "LIKE_OFFLINE"
    case likeError = "LIKE_ERROR"
    case tooManyLikes = "LIKE_TOO_MANY"
    case newPhotoOne = "TIMELINE_NEW_PHOTO_ONE"
    /// Holds the count.
    case newPhotos = "TIMELINE_NEW_PHOTOS"
    case showNew = "NOTIFICATIONS_SHOW_NEW"

    public static var tableName: String { "Notifications" }
}
