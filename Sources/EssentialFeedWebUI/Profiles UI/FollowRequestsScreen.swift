import EssentialFeed
import Foundation

/// Those waiting for the reader to accept them as followers, the oldest request first: each
/// with Accept and Reject, forms that work without scripts and come back here.
public struct FollowRequestsScreen {
    private let context: ScreenContext
    private let people: [User]
    private let nextURL: String?
    private let notice: String?

    public init(
        people: [User], nextURL: String?, notice: String? = nil, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.people = people
        self.nextURL = nextURL
        self.notice = notice
    }

    public var html: String {
        let locale = context.locale
        let title = PrivacyStrings.followRequestsTitle.localized(in: locale)
        let back = ScreenFrame.BackLink(
            href: AccountSettingsScreen.screenURL, label: AccountSettingsStrings.settingsTitle.localized(in: locale), handledByScript: false)
        let frame = ScreenFrame(context: context, title: title, script: "follow-requests.js", back: back, section: .app(current: nil))
        let csrf = CSRFField.html(context.account?.csrfToken ?? "")
        var rows = HTML.empty
        for person in people {
            rows += """
                <li class="person follow-request" data-username="\(person.username)"><a class="suggestion-link" href="\(ProfileLinks.profile(person.username))">\(AvatarPicture(user: person).html)\
                <span class="author-name">\(person.name)</span> <span class="author-handle">@\(person.username)</span></a>
                <form method="post" action="\(ProfileLinks.followRequest(person.username, accept: true))" data-fragment-action="\(ProfileLinks.followRequestFragment(person.username, accept: true))">\(csrf)<button type="submit" class="send-button">\(PrivacyStrings.accept.localized(in: locale))<span class="visually-hidden"> \(person.name)</span></button></form>
                <form method="post" action="\(ProfileLinks.followRequest(person.username, accept: false))" data-fragment-action="\(ProfileLinks.followRequestFragment(person.username, accept: false))">\(csrf)<button type="submit" class="discard-button">\(PrivacyStrings.reject.localized(in: locale))<span class="visually-hidden"> \(person.name)</span></button></form></li>

                """
        }
        let shownNotice: HTML = notice.map { "<p class=\"form-notice\" role=\"status\">\($0)</p>\n" } ?? .empty
        return frame.html(
            main: """
                <main class="screen people-screen follow-requests-screen">
                \(shownNotice)<p>\(PrivacyStrings.followRequestsIntro.localized(in: locale))</p>
                <ul class="people" aria-label="\(title)">
                \(rows)</ul>
                <p class="empty-state"\(hidden(!people.isEmpty))>\(PrivacyStrings.followRequestsEmpty.localized(in: locale))</p>
                \(nextURL.map { url -> HTML in "<p class=\"load-more\"><a class=\"load-more-button\" href=\"\(url)\">\(ProfileStrings.morePeople.localized(in: locale))</a></p>\n" })</main>
                """
        ).rendered
    }
}
