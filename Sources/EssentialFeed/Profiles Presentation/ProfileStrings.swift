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
    case photosLabel = "PROFILE_PHOTOS_LABEL"
    case noPhotos = "PROFILE_NO_PHOTOS"
    case photosHiddenByBlock = "PROFILE_PHOTOS_HIDDEN_BY_BLOCK"
    case morePhotos = "PROFILE_MORE_PHOTOS"
    case loadError = "PROFILE_LOAD_ERROR"
    case followError = "PROFILE_FOLLOW_ERROR"
    case followingTab = "FEED_TAB_FOLLOWING"
    case everyoneTab = "FEED_TAB_EVERYONE"
    case tabsLabel = "FEED_TABS_LABEL"
    case timelineEmptyTitle = "TIMELINE_EMPTY_TITLE"
    case timelineEmptyMessage = "TIMELINE_EMPTY_MESSAGE"
    case suggestionsTitle = "TIMELINE_SUGGESTIONS_TITLE"
    case editProfile = "PROFILE_EDIT"
    case settingsTitle = "PROFILE_SETTINGS_TITLE"
    case displayNameLabel = "PROFILE_DISPLAY_NAME_LABEL"
    case bioLabel = "PROFILE_BIO_LABEL"
    case save = "PROFILE_SAVE"
    case displayNameEmpty = "PROFILE_DISPLAY_NAME_EMPTY"
    /// Holds the maximum: use `ProfileSettingsPresenter.errorMessage(for:locale:)`.
    case textTooLong = "PROFILE_TEXT_TOO_LONG"
    case disguisingCharacters = "PROFILE_TEXT_DISGUISED"
    case saveError = "PROFILE_SAVE_ERROR"
    case followersTitle = "PROFILE_FOLLOWERS_TITLE"
    case followingTitle = "PROFILE_FOLLOWING_TITLE"
    case noFollowers = "PROFILE_NO_FOLLOWERS"
    case noFollowing = "PROFILE_NO_FOLLOWING"
    case morePeople = "PROFILE_MORE_PEOPLE"
    case avatarLabel = "PROFILE_AVATAR_LABEL"
    case avatarHint = "PROFILE_AVATAR_HINT"
    case avatarSave = "PROFILE_AVATAR_SAVE"
    case avatarRemove = "PROFILE_AVATAR_REMOVE"
    /// Holds how long ago it was saved: use `ProfilePresenter.offlineNotice`.
    case offlineNotice = "PROFILE_OFFLINE_NOTICE"
    case offlineNoticeJustSaved = "PROFILE_OFFLINE_NOTICE_JUST_SAVED"
    case searchTitle = "PEOPLE_SEARCH_TITLE"
    case searchLabel = "PEOPLE_SEARCH_LABEL"
    case searchButton = "PEOPLE_SEARCH_BUTTON"
    case searchHint = "PEOPLE_SEARCH_HINT"
    /// Holds the text searched for: use `ProfilePresenter.noMatch(for:locale:)`.
    case searchNoMatch = "PEOPLE_SEARCH_NO_MATCH"
    case searchInvalid = "PEOPLE_SEARCH_INVALID"
    case searchError = "PEOPLE_SEARCH_ERROR"

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

/// What the profile settings say of a text that cannot be kept, or a save that failed.
public enum ProfileSettingsPresenter {
    public static func errorMessage(for error: any Error, locale: Locale) -> String {
        switch error as? ProfileTextError {
        case .empty: ProfileStrings.displayNameEmpty.localized(in: locale)
        case let .tooLong(maximum): ProfileStrings.textTooLong.localized(in: locale, with: String(maximum))
        case .disguisingCharacters: ProfileStrings.disguisingCharacters.localized(in: locale)
        case nil: ProfileStrings.saveError.localized(in: locale)
        }
    }
}
