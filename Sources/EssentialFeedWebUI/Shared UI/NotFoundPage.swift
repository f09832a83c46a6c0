import EssentialFeed
import Foundation

/// The page for an address the app does not have: says so in the reader's language and
/// leads back to the feed, instead of leaving the browser to show its own error.
public struct NotFoundPage {
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
            language: language, title: SharedStrings.pageNotFoundTitle.localized(in: locale),
            message: SharedStrings.pageNotFoundMessage.localized(in: locale), locale: locale, assets: assets
        ).html
    }
}
