import EssentialFeed
import Foundation

/// The comments screen as first delivered: back link, controls, loading, and the
/// address its script loads the comments from.
public struct ImageCommentsScreen {
    private let locale: Locale
    private let language: String
    private let commentsURL: String

    public init(locale: Locale, language: String, commentsURL: String) {
        self.locale = locale
        self.language = language
        self.commentsURL = commentsURL
    }

    public var html: String {
        let controls = LoadingControls(locale: locale)
        let title = ImageCommentsPresenter.title(in: locale)
        return HTMLDocument(language: language, title: title, script: "comments.js", body: """
        <header class="screen-header">
        <a class="back-link" data-action="back" href="/"><span aria-hidden="true">←</span> \(escaping: ImageCommentsStrings.backToFeed.localized(in: locale))</a>
        <h1>\(escaping: title)</h1>
        \(controls.refreshButton)
        </header>
        <main class="screen">
        \(controls.statusArea)
        <ol class="comments" aria-busy="true" aria-label="\(escaping: ImageCommentsStrings.listLabel.localized(in: locale))" data-source="\(escaping: commentsURL)"></ol>
        <p class="empty-state" data-role="empty" hidden>\(escaping: ImageCommentsStrings.emptyState.localized(in: locale))</p>
        </main>
        """).html
    }
}
