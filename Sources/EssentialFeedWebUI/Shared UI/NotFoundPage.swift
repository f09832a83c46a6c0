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
        let title = SharedStrings.pageNotFoundTitle.localized(in: locale)
        return HTMLDocument(language: language, title: title, script: nil, assets: assets, body: """
        <header class="screen-header">
        <h1>\(escaping: title)</h1>
        </header>
        <main class="screen not-found">
        <p>\(escaping: SharedStrings.pageNotFoundMessage.localized(in: locale))</p>
        <p><a class="go-to-feed" href="/">\(escaping: SharedStrings.goToFeed.localized(in: locale))</a></p>
        </main>
        """).html
    }
}
