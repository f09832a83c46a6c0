import EssentialFeed
import Foundation

/// A page that only says something, in the reader's language, with a way to the feed: for
/// an address the app does not have, or a form it refused.
public struct MessagePage {
    private let context: ScreenContext
    private let title: String
    private let message: String
    private var next = "/"
    /// What the way on says; "Go to the feed" when not given.
    private var nextLabel: String?

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

    /// The answer to a form that sent more than the app takes, refused before it was read: a
    /// photo over its size, sent without the script that tells so at once. Leads back to `next`.
    public static func tooLarge(next: String, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks()) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets),
            title: SharedStrings.tooLargeTitle.localized(in: locale),
            message: NewPostPresenter.errorMessage(for: NewPostError.photoTooLarge(maximumBytes: NewPostPresenter.maximumPhotoBytes), locale: locale),
            next: next)
    }

    /// The answer to a form the app refused because it came from another site or carried no
    /// valid token: says so, and how to carry on.
    public static func requestRefused(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks()) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets),
            title: AccountsStrings.requestRefusedTitle.localized(in: locale),
            message: AccountsStrings.requestRefusedMessage.localized(in: locale))
    }

    /// A profile the API could not give, or a follow it did not take: says so, keeping the
    /// header and tabs, and leads back to `next` (the feed when not given).
    public static func profileUnavailable(
        username: String, message: String? = nil, next: String = "/", locale: Locale, language: String,
        assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets, account: account),
            title: "@" + username, message: message ?? ProfileStrings.loadError.localized(in: locale), next: next)
    }

    /// Something asked on a screen titled `title` that could not be done; `next` leads back.
    public static func actionFailed(
        title: String, message: String, next: String, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil
    ) -> MessagePage {
        MessagePage(context: ScreenContext(locale: locale, language: language, assets: assets, account: account), title: title, message: message, next: next)
    }

    /// A like, or the list of who liked, that could not be done; `next` leads back to the photo.
    public static func likeFailed(
        message: String, next: String, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) -> MessagePage {
        MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets, account: account),
            title: NotificationStrings.likersTitle.localized(in: locale), message: message, next: next)
    }

    /// Once one's account is deleted: says so, and leads to the log-in, since there is no
    /// feed left to go back to.
    public static func accountDeleted(logIn: String, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks()) -> MessagePage {
        var page = MessagePage(
            context: ScreenContext(locale: locale, language: language, assets: assets), title: PersonalDataStrings.leftTitle.localized(in: locale),
            message: PersonalDataStrings.left.localized(in: locale), next: logIn)
        page.nextLabel = PersonalDataStrings.leftNext.localized(in: locale)
        return page
    }

    public var html: String {
        ScreenFrame(context: context, title: title, section: context.account == nil ? .none : .app(current: nil)).html(
            main: """
                <main class="screen not-found">
                <p>\(message)</p>
                <p><a class="go-to-feed" href="\(next)">\(nextLabel ?? SharedStrings.goToFeed.localized(in: context.locale))</a></p>
                </main>
                """
        ).rendered
    }
}
