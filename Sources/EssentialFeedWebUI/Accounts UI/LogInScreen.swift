import EssentialFeed
import Foundation

/// The log-in screen: a form that works without scripts, fields the browser's password
/// manager recognises, and one error message that screen readers announce.
public struct LogInScreen {
    private let context: ScreenContext
    private let csrfToken: String
    private let username: String
    private let errorMessage: String?
    private let next: String?
    private let asksForCode: Bool
    private let notice: String?

    /// `username` is kept after a failure (the password never is); `next` is the same-origin
    /// path to go to once logged in.
    public init(
        locale: Locale,
        language: String,
        csrfToken: String,
        username: String = "",
        errorMessage: String? = nil,
        next: String? = nil,
        asksForCode: Bool = false,
        notice: String? = nil,
        assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets)
        self.csrfToken = csrfToken
        self.username = username
        self.errorMessage = errorMessage
        self.next = next
        self.asksForCode = asksForCode
        self.notice = notice
    }

    public var html: String {
        let viewModel = LogInPresenter.viewModel(locale: context.locale)
        let describedBy: HTML = errorMessage == nil ? .empty : " aria-describedby=\"log-in-error\""
        let invalid: HTML = errorMessage == nil ? .empty : " aria-invalid=\"true\""
        let focusPassword = (errorMessage != nil || asksForCode) && !username.isEmpty
        let error = errorMessage.map { message -> HTML in "<p class=\"form-error\" id=\"log-in-error\" role=\"alert\">\(message)</p>" }
        let nextField = next.map { next -> HTML in "<input type=\"hidden\" name=\"next\" value=\"\(next)\">" }
        let autofocus: HTML = " autofocus"
        return ScreenFrame(context: context, title: viewModel.title).html(
            main: """
                <main class="screen log-in">
                <p class="log-in-brand"><img src="\(context.assets.path(of: "icon.svg"))" alt="" width="48" height="48">\(FeedStrings.bannerTitle.localized(in: context.locale))</p>
                <p class="log-in-intro">\(viewModel.intro)</p>
                <form class="log-in-form" method="post" action="/login">
                \(noticeMessage)\(error)
                \(CSRFField.html(csrfToken))\(nextField)
                <label for="username">\(viewModel.usernameLabel)</label>
                <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="\(username)"\(describedBy)\(invalid)\(focusPassword ? .empty : autofocus)>
                <label for="password">\(viewModel.passwordLabel)</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"\(describedBy)\(invalid)\(focusPassword ? autofocus : .empty)>
                \(codeField)<button type="submit" class="log-in-button">\(viewModel.logInButton)</button>
                </form>
                </main>
                """
        ).rendered
    }

    /// The second factor's field, once the API said the account has one.
    private var codeField: HTML {
        guard asksForCode else { return .empty }
        return """
            <label for="code">\(AccountSettingsStrings.logInCodeLabel.localized(in: context.locale))</label>
            <input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required maxlength="32">

            """
    }

    private var noticeMessage: HTML {
        guard let notice else { return .empty }
        return "<p class=\"form-notice\" role=\"status\">\(notice)</p>"
    }
}
