import EssentialFeed
import Foundation

/// Who a screen is shown to, and the token its forms send back to prove they came from the app.
public struct SignedInAccount: Sendable, Equatable {
    public let user: User
    public let csrfToken: String

    public init(user: User, csrfToken: String) {
        self.user = user
        self.csrfToken = csrfToken
    }
}

/// The form field every form of the app sends its CSRF token in.
public enum CSRFField {
    public static let name = "csrf_token"

    static func html(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(token)\">"
    }
}

/// The end of every screen's header: who is logged in (leading to their profile), and Log Out (a form, so it works
/// without scripts and cannot be triggered by a link from elsewhere). A wide window shows
/// both in the header's row; a narrow one a round button with the person's picture (or initial) that
/// opens them with the ways to the settings, so the title keeps its room at any text size.
struct AccountControls {
    let account: SignedInAccount?
    let locale: Locale

    var html: HTML {
        guard let account else { return .empty }
        let loggedInAs = LogInPresenter.loggedIn(as: account.user, locale: locale)
        let logOut = AccountsStrings.logOutButton.localized(in: locale)
        let face: HTML =
            if let picture = account.user.avatar.flatMap({ ProfileLinks.avatar($0.thumbURL) }) {
                "<img class=\"account-picture\" src=\"\(picture)\" alt=\"\" width=\"128\" height=\"128\" decoding=\"async\">"
            } else {
                "<span class=\"account-initial\" aria-hidden=\"true\">\(account.user.name.first.map { String($0).uppercased() } ?? "@")</span>"
            }
        let profile = ProfileLinks.profile(account.user.username)
        return """
            <form class="account-controls" method="post" action="/logout">
            <p class="account-name" title="\(loggedInAs)"><a class="account-profile-link" href="\(profile)"><span class="visually-hidden">\(loggedInAs) </span><span aria-hidden="true"><span class="account-display-name">\(account.user.name)</span> <span class="account-handle">@\(account.user.username)</span></span></a></p>
            \(CSRFField.html(account.csrfToken))<button type="submit" class="log-out-button">\(logOut)</button>
            </form>
            <details class="account-menu">
            <summary class="account-menu-button" title="\(loggedInAs)"><span class="visually-hidden">\(loggedInAs)</span>\(face)</summary>
            <form class="account-menu-panel" method="post" action="/logout">
            <p class="account-menu-name"><a class="account-profile-link" href="\(profile)"><span class="account-display-name">\(account.user.name)</span> <span class="account-handle">@\(account.user.username)</span></a></p>
            <p class="account-menu-links"><a href="\(ProfileSettingsScreen.screenURL)">\(ProfileStrings.settingsTitle.localized(in: locale))</a> <a href="\(AccountSettingsScreen.screenURL)">\(AccountSettingsStrings.settingsTitle.localized(in: locale))</a></p>
            \(CSRFField.html(account.csrfToken))<button type="submit" class="log-out-button">\(logOut)</button>
            </form>
            </details>
            """
    }
}
