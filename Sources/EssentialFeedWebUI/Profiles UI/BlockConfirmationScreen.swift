import EssentialFeed
import Foundation

/// "Block this person?": what a block does, said before it is done, with the form that does it
/// and a way back to their profile.
public struct BlockConfirmationScreen {
    private let context: ScreenContext
    private let account: SignedInAccount
    private let user: User

    public init(user: User, locale: Locale, language: String, account: SignedInAccount, assets: WebAssetLinks = WebAssetLinks()) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.account = account
        self.user = user
    }

    public var html: String {
        let locale = context.locale
        let back = ProfileLinks.profile(user.username)
        let cancel = OwnPostStrings.cancel.localized(in: locale)
        let frame = ScreenFrame(
            context: context, title: PrivacyStrings.blockConfirmTitle.localized(in: locale), script: nil,
            back: .init(href: back, label: cancel, handledByScript: false), section: .app(current: nil))
        return frame.html(
            main: """
                <main class="screen">
                <form class="confirm-deletion-form" method="post" action="\(ProfileLinks.relation(user.username, .block))">
                \(CSRFField.html(account.csrfToken))
                <p><strong>\(user.name)</strong> @\(user.username)</p>
                <p>\(PrivacyStrings.blockConfirmMessage.localized(in: locale))</p>
                <div class="form-actions">
                <a class="cancel-link" href="\(back)">\(cancel)</a>
                <button type="submit" class="danger-button">\(PrivacyStrings.block.localized(in: locale))</button>
                </div>
                </form>
                </main>
                """
        ).rendered
    }
}
