import EssentialFeed
import Foundation

/// A page that only says something, in the reader's language, with a way to the feed: for
/// an address the app does not have, or a form it refused.
public struct MessagePage {
    private let context: ScreenContext
    private let title: String
    private let message: String

    /// The page for an address the app does not have: says so and leads back to the feed,
    /// instead of leaving the browser to show its own error.
    /// A logged-in reader keeps the app's header and tabs, as on every other screen.
    public static func notFound(
        locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets, account: account),
            title: SharedStrings.pageNotFoundTitle.localized(in: locale), message: SharedStrings.pageNotFoundMessage.localized(in: locale))
    }

    /// The answer to a form the app refused because it came from another site or carried no
    /// valid token: says so, and how to carry on.
    public static func requestRefused(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks()) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets),
            title: AccountsStrings.requestRefusedTitle.localized(in: locale),
            message: AccountsStrings.requestRefusedMessage.localized(in: locale))
    }

    public var html: String {
        ScreenFrame(context: context, title: title, section: context.account == nil ? .none : .app(current: nil)).html(
            main: """
                <main class="screen not-found">
                <p>\(message)</p>
                <p><a class="go-to-feed" href="/">\(SharedStrings.goToFeed.localized(in: context.locale))</a></p>
                </main>
                """
        ).rendered
    }
}
