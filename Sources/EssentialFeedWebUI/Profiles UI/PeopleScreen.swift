import EssentialFeed
import Foundation

/// Whose list a people screen shows.
public enum PeopleList: String, Sendable {
    case followers
    case following
}

/// Whom the reader keeps away, each with the way to undo it.
public enum KeptAwayList: String, Sendable, CaseIterable {
    case blocked
    case muted

    /// The screen's address, under the settings.
    public var screenURL: String { "/settings/\(rawValue)" }

    /// The page after the person named `after`.
    public func screenURL(after username: String) -> String {
        "\(screenURL)?after=\(username.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")"
    }

    /// What undoes someone's place in the list.
    var undo: RelationChange { self == .blocked ? .unblock : .unmute }
}

/// A person's followers, the people they follow, who liked a photo, or whom the reader blocks
/// or mutes: each leads to their profile; a page of them at a time, the next behind a link.
public struct PeopleScreen {
    private let context: ScreenContext
    private let title: String
    private let empty: String
    private let back: ScreenFrame.BackLink
    private let people: [User]
    private let nextURL: String?
    private var keptAway: KeptAwayList?

    public init(
        owner: User, list: PeopleList, people: [User], nextURL: String?, locale: Locale, language: String,
        assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        title = (list == .followers ? ProfileStrings.followersTitle : ProfileStrings.followingTitle).localized(in: locale)
        empty = (list == .followers ? ProfileStrings.noFollowers : ProfileStrings.noFollowing).localized(in: locale)
        back = .init(href: ProfileLinks.profile(owner.username), label: owner.name, handledByScript: false)
        self.people = people
        self.nextURL = nextURL
    }

    /// Who liked the photo, the most recent first.
    public init(
        likersOf imageID: UUID, people: [User], nextURL: String?, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        title = NotificationStrings.likersTitle.localized(in: locale)
        empty = NotificationStrings.noLikers.localized(in: locale)
        back = .init(href: "/images/\(UUIDText.string(from: imageID))", label: FeedStrings.openPhoto.localized(in: locale), handledByScript: false)
        self.people = people
        self.nextURL = nextURL
    }

    /// Whom the reader blocks or mutes, by username, each with Unblock or Unmute (a form that
    /// works without scripts, back to this list).
    public init(
        keptAway list: KeptAwayList, people: [User], nextURL: String?, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        title = (list == .blocked ? PrivacyStrings.blockedPeopleTitle : PrivacyStrings.mutedPeopleTitle).localized(in: locale)
        empty = (list == .blocked ? PrivacyStrings.blockedPeopleEmpty : PrivacyStrings.mutedPeopleEmpty).localized(in: locale)
        back = .init(
            href: AccountSettingsScreen.screenURL, label: AccountSettingsStrings.settingsTitle.localized(in: locale), handledByScript: false)
        self.people = people
        self.nextURL = nextURL
        keptAway = list
    }

    public var html: String {
        let locale = context.locale
        let frame = ScreenFrame(context: context, title: title, back: back, section: .app(current: nil))
        var rows = HTML.empty
        for person in people {
            rows += """
                <li class="person\(keptAway == nil ? .empty : " kept-away" as HTML)">\(PersonLink.html(person))\(undoForm(for: person))</li>

                """
        }
        return frame.html(
            main: """
                <main class="screen people-screen">
                <ul class="people" aria-label="\(title)">
                \(rows)</ul>
                <p class="empty-state"\(hidden(!people.isEmpty))>\(empty)</p>
                \(nextURL.map { url -> HTML in "<p class=\"load-more\"><a class=\"load-more-button\" href=\"\(url)\">\(ProfileStrings.morePeople.localized(in: locale))</a></p>\n" })</main>
                """
        ).rendered
    }

    private func undoForm(for person: User) -> HTML {
        guard let keptAway, let account = context.account else { return .empty }
        let label = (keptAway == .blocked ? PrivacyStrings.unblock : PrivacyStrings.unmute).localized(in: context.locale)
        return """
            <form class="relation-form" method="post" action="\(ProfileLinks.relation(person.username, keptAway.undo))">\(CSRFField.html(account.csrfToken))\
            <input type="hidden" name="next" value="\(keptAway.screenURL)"><button type="submit" class="relation-button \(keptAway.undo.rawValue)-button">\(label)<span class="visually-hidden"> \(person.name)</span></button></form>
            """
    }
}

/// A person in a list: their picture, name and handle, leading to their profile. Name and
/// handle are one run of text, which wraps between words before it breaks one.
enum PersonLink {
    static func html(_ person: User) -> HTML {
        """
        <a class="suggestion-link" href="\(ProfileLinks.profile(person.username))">\(AvatarPicture(user: person).html)<span class="person-names">\
        <span class="author-name">\(person.name)</span> <span class="author-handle">@\(person.username)</span></span></a>
        """
    }
}
