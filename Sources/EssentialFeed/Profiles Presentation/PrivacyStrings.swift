/// The strings of who sees what: a post's visibility, locked accounts and their follow
/// requests, blocking and muting.
public enum PrivacyStrings: String, LocalizedStringTable {
    case followersOnly = "FOLLOWERS_ONLY"
    case visibilityLabel = "VISIBILITY_LABEL"
    case visibilityPublic = "VISIBILITY_PUBLIC"
    case visibilityFollowers = "VISIBILITY_FOLLOWERS"
    case visibilityDefault = "VISIBILITY_DEFAULT"
    case settingsTitle = "PRIVACY_TITLE"
    case lockedLabel = "PRIVACY_LOCKED_LABEL"
    case lockedHint = "PRIVACY_LOCKED_HINT"
    case defaultVisibilityLabel = "PRIVACY_DEFAULT_VISIBILITY_LABEL"
    case save = "PRIVACY_SAVE"
    case saved = "PRIVACY_SAVED"
    case followRequestsTitle = "FOLLOW_REQUESTS_TITLE"
    case followRequestsIntro = "FOLLOW_REQUESTS_INTRO"
    case followRequestsEmpty = "FOLLOW_REQUESTS_EMPTY"
    case accept = "FOLLOW_REQUEST_ACCEPT"
    case reject = "FOLLOW_REQUEST_REJECT"
    case askToFollow = "ASK_TO_FOLLOW"
    case requested = "FOLLOW_REQUESTED"
    case lockedAccount = "LOCKED_ACCOUNT"
    case lockedProfileNote = "LOCKED_PROFILE_NOTE"
    case block = "BLOCK"
    case unblock = "UNBLOCK"
    case mute = "MUTE"
    case unmute = "UNMUTE"
    case blockedNotice = "BLOCKED_NOTICE"
    case mutedNotice = "MUTED_NOTICE"
    case failed = "PRIVACY_FAILED"

    public static var tableName: String { "Privacy" }
}
