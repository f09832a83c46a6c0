import EssentialFeed
import Foundation

/// What the profile settings form holds: what is saved, or what was typed with why it was not.
public struct ProfileSettingsDraft: Sendable, Equatable {
    public var displayName: String
    public var bio: String
    public var errorMessage: String?

    public init(displayName: String, bio: String, errorMessage: String? = nil) {
        self.displayName = displayName
        self.bio = bio
        self.errorMessage = errorMessage
    }
}

/// `/settings/profile`: one's name and bio, a form that works without scripts.
public struct ProfileSettingsScreen {
    public static let screenURL = "/settings/profile"

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
            context: context, title: title,
            back: .init(href: profile, label: "@" + account.user.username, handledByScript: false), section: .app(current: nil))
        let invalid: HTML = draft.errorMessage == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"profile-settings-error\""
        return frame.html(
            main: """
                <main class="screen">
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
}
