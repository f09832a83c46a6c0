import EssentialFeed
import Foundation

/// What the join form holds: what was typed (never the password), and why it was refused.
public struct JoinDraft: Sendable, Equatable {
    public var username: String
    public var displayName: String
    public var errorMessage: String?

    public init(username: String = "", displayName: String = "", errorMessage: String? = nil) {
        self.username = username
        self.displayName = displayName
        self.errorMessage = errorMessage
    }
}

/// `/join/{code}` (and `/join` when anyone may join): the form that creates an account, its
/// rules under each field, checked as the person types by `join.js` and again by the app and
/// the API. An invitation that lets nobody in shows why instead of the form.
public struct JoinScreen {
    private let context: ScreenContext
    private let csrfToken: String
    private let code: String?
    private let draft: JoinDraft
    private let refusal: String?

    /// `refusal`: why nobody can join with this link (the form is left out).
    public init(
        locale: Locale, language: String, csrfToken: String, code: String?, draft: JoinDraft = JoinDraft(), refusal: String? = nil,
        assets: WebAssetLinks = WebAssetLinks()
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets)
        self.csrfToken = csrfToken
        self.code = code
        self.draft = draft
        self.refusal = refusal
    }

    public static func path(code: String?) -> String {
        guard let code else { return "/join" }
        return "/join/" + (code.addingPercentEncoding(withAllowedCharacters: codeCharacters) ?? "")
    }

    public var html: String {
        let locale = context.locale
        let title = AccountSettingsStrings.joinTitle.localized(in: locale)
        let brand: HTML = """
            <p class="log-in-brand"><img src="\(context.assets.path(of: "icon.svg"))" alt="" width="48" height="48">\(FeedStrings.bannerTitle.localized(in: locale))</p>
            """
        let logIn: HTML = "<p class=\"log-in-alternative\"><a href=\"/login\">\(AccountSettingsStrings.haveAccount.localized(in: locale))</a></p>"
        guard refusal == nil else {
            return ScreenFrame(context: context, title: title).html(
                main: """
                    <main class="screen log-in">
                    \(brand)
                    <p class="form-error" role="alert">\(refusal ?? "")</p>
                    \(logIn)
                    </main>
                    """
            ).rendered
        }
        let invalid: HTML = draft.errorMessage == nil ? .empty : " aria-invalid=\"true\""
        let reserved = NewAccountRules.reservedUsernames.sorted().joined(separator: " ")
        let rules = NewAccountRules.usernameLength
        return ScreenFrame(context: context, title: title, script: "join.js").html(
            main: """
                <main class="screen log-in">
                \(brand)
                <p class="log-in-intro">\(AccountSettingsStrings.joinIntro.localized(in: locale))</p>
                <form class="log-in-form join-form" method="post" action="\(Self.path(code: code))" data-reserved="\(reserved)" data-username-length="\(AccountSettingsStrings.usernameLength.localized(in: locale))" data-username-characters="\(AccountSettingsStrings.usernameCharacters.localized(in: locale))" data-username-reserved="\(AccountSettingsStrings.usernameReserved.localized(in: locale))" data-password-short="\(AccountSettingsStrings.passwordTooShort.localized(in: locale))" data-password-guessable="\(AccountSettingsStrings.passwordCommon.localized(in: locale))">
                <p class="form-error" id="join-error" role="alert"\(hidden(draft.errorMessage == nil))>\(draft.errorMessage ?? "")</p>
                \(CSRFField.html(csrfToken))
                <label for="username">\(AccountsStrings.username.localized(in: locale))</label>
                <input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required minlength="\(rules.lowerBound)" maxlength="\(rules.upperBound)" pattern="[A-Za-z0-9_]{\(rules.lowerBound),\(rules.upperBound)}" value="\(draft.username)" aria-describedby="username-hint join-error"\(invalid) autofocus>
                <p class="form-hint" id="username-hint" data-role="username-hint" aria-live="polite">\(AccountSettingsStrings.usernameHint.localized(in: locale))</p>
                <label for="display-name">\(AccountSettingsStrings.displayNameLabel.localized(in: locale))</label>
                <input id="display-name" name="display_name" type="text" autocomplete="name" maxlength="\(ProfileText.displayNameLength.upperBound)" value="\(draft.displayName)">
                <label for="password">\(AccountsStrings.password.localized(in: locale))</label>
                <input id="password" name="password" type="password" autocomplete="new-password" required minlength="\(NewAccountRules.minimumPasswordCharacters)" maxlength="200" aria-describedby="password-hint">
                <p class="form-hint" id="password-hint" data-role="password-hint" aria-live="polite">\(AccountSettingsStrings.passwordHint.localized(in: locale))</p>
                <button type="submit" class="log-in-button">\(title)</button>
                </form>
                \(logIn)
                </main>
                """
        ).rendered
    }
}

/// `/reset-password/{code}`: a new password from the operator's single-use link.
public struct ResetPasswordScreen {
    private let context: ScreenContext
    private let csrfToken: String
    private let code: String
    private let errorMessage: String?

    public init(locale: Locale, language: String, csrfToken: String, code: String, errorMessage: String? = nil, assets: WebAssetLinks = WebAssetLinks()) {
        context = ScreenContext(locale: locale, language: language, assets: assets)
        self.csrfToken = csrfToken
        self.code = code
        self.errorMessage = errorMessage
    }

    public static func path(code: String) -> String {
        "/reset-password/" + (code.addingPercentEncoding(withAllowedCharacters: codeCharacters) ?? "")
    }

    public var html: String {
        let locale = context.locale
        let invalid: HTML = errorMessage == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"reset-error\""
        return ScreenFrame(context: context, title: AccountSettingsStrings.resetTitle.localized(in: locale)).html(
            main: """
                <main class="screen log-in">
                <p class="log-in-intro">\(AccountSettingsStrings.resetIntro.localized(in: locale))</p>
                <form class="log-in-form" method="post" action="\(Self.path(code: code))">
                <p class="form-error" id="reset-error" role="alert"\(hidden(errorMessage == nil))>\(errorMessage ?? "")</p>
                \(CSRFField.html(csrfToken))
                <label for="new-password">\(AccountSettingsStrings.newPasswordLabel.localized(in: locale))</label>
                <input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="\(NewAccountRules.minimumPasswordCharacters)" maxlength="200"\(invalid) autofocus>
                <p class="form-hint">\(AccountSettingsStrings.passwordHint.localized(in: locale))</p>
                <button type="submit" class="log-in-button">\(AccountSettingsStrings.resetButton.localized(in: locale))</button>
                </form>
                </main>
                """
        ).rendered
    }
}

/// What the API's codes are made of (URL-safe base64): nothing in them needs encoding.
private let codeCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
