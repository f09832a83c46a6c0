import EssentialFeed
import Foundation

/// Whose list a people screen shows.
public enum PeopleList: String, Sendable {
    case followers
    case following
}

/// A person's followers, the people they follow, or who liked a photo: each leads to their
/// profile; a page of them at a time, the next behind a link.
public struct PeopleScreen {
    private let context: ScreenContext
    private let title: String
    private let empty: String
    private let back: ScreenFrame.BackLink
    private let people: [User]
    private let nextURL: String?

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

    public var html: String {
        let locale = context.locale
        let frame = ScreenFrame(context: context, title: title, back: back, section: .app(current: nil))
        var rows = HTML.empty
        for person in people {
            rows += """
                <li class="person"><a class="suggestion-link" href="\(ProfileLinks.profile(person.username))">\(AvatarPicture(user: person).html)\
                <span class="author-name">\(person.name)</span> <span class="author-handle">@\(person.username)</span></a></li>

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
}
