import Foundation

/// The strings of profiles, following, and the Following tab.
public enum ProfileStrings: String, LocalizedStringTable {
    /// Holds the count: use `ProfileLabels`.
    case postCountOne = "PROFILE_POST_COUNT_ONE"
    case postCount = "PROFILE_POST_COUNT"
    case followerCountOne = "PROFILE_FOLLOWER_COUNT_ONE"
    case followerCount = "PROFILE_FOLLOWER_COUNT"
    case followingCount = "PROFILE_FOLLOWING_COUNT"
    case follow = "PROFILE_FOLLOW"
    case unfollow = "PROFILE_UNFOLLOW"
    case followsYou = "PROFILE_FOLLOWS_YOU"
    case itIsYou = "PROFILE_IT_IS_YOU"
    case photosLabel = "PROFILE_PHOTOS_LABEL"
    case noPhotos = "PROFILE_NO_PHOTOS"
    case morePhotos = "PROFILE_MORE_PHOTOS"
    case loadError = "PROFILE_LOAD_ERROR"
    case followError = "PROFILE_FOLLOW_ERROR"
    case followingTab = "FEED_TAB_FOLLOWING"
    case everyoneTab = "FEED_TAB_EVERYONE"
    case tabsLabel = "FEED_TABS_LABEL"
    case timelineEmptyTitle = "TIMELINE_EMPTY_TITLE"
    case timelineEmptyMessage = "TIMELINE_EMPTY_MESSAGE"
    case suggestionsTitle = "TIMELINE_SUGGESTIONS_TITLE"

    public static var tableName: String { "Profiles" }
}

/// What a profile says of its counts, with the words looked up once for the page's language.
public struct ProfileLabels: Sendable {
    private let postCountOne: LocalizedTemplate
    private let postCount: LocalizedTemplate
    private let followerCountOne: LocalizedTemplate
    private let followerCount: LocalizedTemplate
    private let followingCount: LocalizedTemplate

    public init(locale: Locale) {
        postCountOne = ProfileStrings.postCountOne.template(in: locale)
        postCount = ProfileStrings.postCount.template(in: locale)
        followerCountOne = ProfileStrings.followerCountOne.template(in: locale)
        followerCount = ProfileStrings.followerCount.template(in: locale)
        followingCount = ProfileStrings.followingCount.template(in: locale)
    }

    public func posts(_ count: Int) -> String {
        (count == 1 ? postCountOne : postCount).filled(with: String(count))
    }

    public func followers(_ count: Int) -> String {
        (count == 1 ? followerCountOne : followerCount).filled(with: String(count))
    }

    public func following(_ count: Int) -> String {
        followingCount.filled(with: String(count))
    }
}
