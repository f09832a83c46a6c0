import EssentialFeed
import Foundation

/// The answer to a form the app refused because it came from another site or carried no
/// valid token: says so, and how to carry on.
public struct RequestRefusedPage {
    private let locale: Locale
    private let language: String
    private let assets: WebAssetLinks

    public init(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks()) {
        self.locale = locale
        self.language = language
        self.assets = assets
    }

    public var html: String {
        MessagePage(
            language: language, title: AccountsStrings.requestRefusedTitle.localized(in: locale),
            message: AccountsStrings.requestRefusedMessage.localized(in: locale), locale: locale, assets: assets
        ).html
    }
}
