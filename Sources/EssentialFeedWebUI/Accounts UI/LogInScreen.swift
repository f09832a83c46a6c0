import EssentialFeed
import Foundation

/// The log-in screen: a form that works without scripts, fields the browser's password
/// manager recognises, and one error message that screen readers announce.
public struct LogInScreen {
    private let locale: Locale
    private let language: String
    private let csrfToken: String
    private let username: String
    private let errorMessage: String?
    private let next: String?
    private let assets: WebAssetLinks

    /// `username` is kept after a failure (the password never is); `next` is the same-origin
    /// path to go to once logged in.
    public init(
        locale: Locale,
        language: String,
        csrfToken: String,
        username: String = "",
        errorMessage: String? = nil,
        next: String? = nil,
        assets: WebAssetLinks = WebAssetLinks()
    ) {
        self.locale = locale
        self.language = language
        self.csrfToken = csrfToken
        self.username = username
        self.errorMessage = errorMessage
        self.next = next
        self.assets = assets
    }

    public var html: String {
        let viewModel = LogInPresenter.viewModel(locale: locale)
        let describedBy = errorMessage == nil ? "" : " aria-describedby=\"log-in-error\""
        let invalid = errorMessage == nil ? "" : " aria-invalid=\"true\""
        let focusPassword = errorMessage != nil && !username.isEmpty
        return HTMLDocument(language: language, title: viewModel.title, script: nil, assets: assets, body: """
        <header class="screen-header">
        <h1>\(escaping: viewModel.title)</h1>
        </header>
        <main class="screen log-in">
        <p class="log-in-intro">\(escaping: viewModel.intro)</p>
        <form class="log-in-form" method="post" action="/login">
        \(errorMessage.map { "<p class=\"form-error\" id=\"log-in-error\" role=\"alert\">\($0.htmlEscaped)</p>" } ?? "")
        \(CSRFField.html(csrfToken))\(next.map { "<input type=\"hidden\" name=\"next\" value=\"\($0.htmlEscaped)\">" } ?? "")
        <label for="username">\(escaping: viewModel.usernameLabel)</label>
        <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="\(escaping: username)"\(describedBy)\(invalid)\(focusPassword ? "" : " autofocus")>
        <label for="password">\(escaping: viewModel.passwordLabel)</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"\(describedBy)\(invalid)\(focusPassword ? " autofocus" : "")>
        <button type="submit" class="log-in-button">\(escaping: viewModel.logInButton)</button>
        </form>
        </main>
        """).html
    }
}
