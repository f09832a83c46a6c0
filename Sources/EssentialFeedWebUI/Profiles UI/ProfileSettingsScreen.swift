import EssentialFeed
import Foundation

/// What the profile settings form holds: what is saved, or what was typed with why it was not.
public struct ProfileSettingsDraft: Sendable, Equatable {
    public var displayName: String
    public var bio: String
    public var errorMessage: String?
    /// The picture the person has now.
    public var avatar: Avatar?
    /// Why the picture chosen last was not saved.
    public var avatarErrorMessage: String?

    public init(displayName: String, bio: String, errorMessage: String? = nil, avatar: Avatar? = nil, avatarErrorMessage: String? = nil) {
        self.displayName = displayName
        self.bio = bio
        self.errorMessage = errorMessage
        self.avatar = avatar
        self.avatarErrorMessage = avatarErrorMessage
    }
}

/// `/settings/profile`: one's picture, name and bio, forms that work without scripts;
/// `profile-settings.js` previews a chosen picture before it is sent.
public struct ProfileSettingsScreen {
    public static let screenURL = "/settings/profile"
    public static let avatarURL = "/settings/avatar"
    public static let avatarRemovalURL = "/settings/avatar/remove"

    private let context: ScreenContext
    private let account: SignedInAccount
    private let draft: ProfileSettingsDraft

    public init(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount, draft: ProfileSettingsDraft) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.draft = draft
    }

    public var html: String {
        let locale = context.locale
        let title = ProfileStrings.settingsTitle.localized(in: locale)
        let profile = ProfileLinks.profile(account.user.username)
        let frame = ScreenFrame(
            context: context, title: title, script: "profile-settings.js",
            back: .init(href: profile, label: "@" + account.user.username, handledByScript: false), section: .app(current: nil))
        let invalid: HTML = draft.errorMessage == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"profile-settings-error\""
        return frame.html(
            main: """
                <main class="screen">
                \(avatarSection)
                <form class="profile-settings-form" method="post" action="\(Self.screenURL)">
                \(CSRFField.html(account.csrfToken))
                <label for="profile-display-name">\(ProfileStrings.displayNameLabel.localized(in: locale))</label>
                <input type="text" id="profile-display-name" name="display_name" maxlength="\(ProfileText.displayNameLength.upperBound)" required value="\(draft.displayName)"\(invalid)>
                <label for="profile-bio">\(ProfileStrings.bioLabel.localized(in: locale))</label>
                <textarea id="profile-bio" name="bio" maxlength="\(ProfileText.maximumBioLength)" rows="4"\(invalid)>\(draft.bio)</textarea>
                <p class="form-error" id="profile-settings-error" role="alert"\(hidden(draft.errorMessage == nil))>\(draft.errorMessage ?? "")</p>
                <div class="form-actions">
                <a class="cancel-link" href="\(profile)">\(NewPostStrings.cancel.localized(in: locale))</a>
                <button type="submit" class="send-button">\(ProfileStrings.save.localized(in: locale))</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }

    private var avatarSection: HTML {
        let locale = context.locale
        let user = User(username: account.user.username, name: draft.displayName.isEmpty ? account.user.name : draft.displayName, avatar: draft.avatar)
        let invalid: HTML = draft.avatarErrorMessage == nil ? .empty : " aria-invalid=\"true\""
        let removal: HTML =
            draft.avatar == nil
            ? .empty
            : """
            <form class="avatar-removal-form" method="post" action="\(Self.avatarRemovalURL)">
            \(CSRFField.html(account.csrfToken))
            <button type="submit" class="discard-button">\(ProfileStrings.avatarRemove.localized(in: locale))</button>
            </form>

            """
        return """
            <section class="avatar-settings" aria-labelledby="avatar-settings-title">
            <h2 id="avatar-settings-title">\(ProfileStrings.avatarLabel.localized(in: locale))</h2>
            <span data-role="avatar-current">\(AvatarPicture(user: user, size: "large").html)</span>
            <form class="avatar-form" method="post" action="\(Self.avatarURL)" enctype="multipart/form-data" data-max-bytes="\(NewPostPresenter.maximumPhotoBytes)" data-too-large="\(NewPostPresenter.errorMessage(for: NewPostError.photoTooLarge(maximumBytes: NewPostPresenter.maximumPhotoBytes), locale: locale))" data-unsupported="\(NewPostPresenter.errorMessage(for: PostedFeedImageMapper.Error.unsupportedType, locale: locale))">
            \(CSRFField.html(account.csrfToken))
            <input type="file" id="avatar-file" name="file" accept="image/jpeg,image/png,image/webp" required data-role="avatar-file" aria-labelledby="avatar-settings-title" aria-describedby="avatar-hint avatar-error"\(invalid)>
            <p class="form-hint" id="avatar-hint">\(ProfileStrings.avatarHint.localized(in: locale))</p>
            <p class="form-error" id="avatar-error" role="alert"\(hidden(draft.avatarErrorMessage == nil))>\(draft.avatarErrorMessage ?? "")</p>
            <button type="submit" class="send-button">\(ProfileStrings.avatarSave.localized(in: locale))</button>
            </form>
            \(removal)</section>
            """
    }
}
