import EssentialFeed
import Foundation

/// A page that only says something, in the reader's language, with a way to the feed.
struct MessagePage {
    let language: String
    let title: String
    let message: String
    let locale: Locale
    let assets: WebAssetLinks

    var html: String {
        HTMLDocument(language: language, title: title, script: nil, assets: assets, body: """
        <header class="screen-header">
        <h1>\(escaping: title)</h1>
        </header>
        <main class="screen not-found">
        <p>\(escaping: message)</p>
        <p><a class="go-to-feed" href="/">\(escaping: SharedStrings.goToFeed.localized(in: locale))</a></p>
        </main>
        """).html
    }
}
