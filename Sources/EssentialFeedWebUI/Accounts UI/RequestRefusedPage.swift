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
        let title = AccountsStrings.requestRefusedTitle.localized(in: locale)
        return HTMLDocument(language: language, title: title, script: nil, assets: assets, body: """
        <header class="screen-header">
        <h1>\(escaping: title)</h1>
        </header>
        <main class="screen not-found">
        <p>\(escaping: AccountsStrings.requestRefusedMessage.localized(in: locale))</p>
        <p><a class="go-to-feed" href="/">\(escaping: SharedStrings.goToFeed.localized(in: locale))</a></p>
        </main>
        """).html
    }
}
