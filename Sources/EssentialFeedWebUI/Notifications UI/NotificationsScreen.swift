import EssentialFeed
import Foundation

/// The reader's notifications in groups ("Rita and 3 others liked your photo"), each leading
/// to the photo or the person; the unread ones marked. Older ones behind a link.
public struct NotificationsScreen {
    private let context: ScreenContext
    private let groups: [NotificationGroupViewModel]?
    private let nextURL: String?
    private let followRequestCount: Int

    /// - Parameter groups: `nil` when the notifications could not be loaded.
    /// - Parameter followRequestCount: how many wait for the reader to accept them, shown first.
    public init(
        groups: [NotificationGroupViewModel]?, nextURL: String?, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(),
        account: SignedInAccount? = nil, followRequestCount: Int = 0
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.groups = groups
        self.nextURL = nextURL
        self.followRequestCount = followRequestCount
    }

    public var html: String {
        let locale = context.locale
        let title = NotificationStrings.title.localized(in: locale)
        let frame = ScreenFrame(context: context, title: title, section: .app(current: .notifications))
        guard let groups else {
            return frame.html(
                main: """
                    <main class="screen notifications-screen">
                    <p class="empty-state" role="alert">\(NotificationStrings.loadError.localized(in: locale))</p>
                    <p><a class="load-more-button" href="\(LikeLinks.notifications)">\(SharedStrings.retry.localized(in: locale))</a></p>
                    </main>
                    """
            ).rendered
        }
        var rows = HTML.empty
        for group in groups {
            rows += row(for: group)
        }
        return frame.html(
            main: """
                <main class="screen notifications-screen" data-show-new="\(NotificationStrings.showNew.localized(in: locale))">
                \(followRequests)<ul class="notifications" aria-label="\(title)">
                \(rows)</ul>
                <p class="empty-state"\(hidden(!groups.isEmpty))>\(NotificationStrings.empty.localized(in: locale))</p>
                \(nextURL.map { url -> HTML in "<p class=\"load-more\"><a class=\"load-more-button\" href=\"\(url)\">\(NotificationStrings.older.localized(in: locale))</a></p>\n" })</main>
                """
        ).rendered
    }

    private var followRequests: HTML {
        guard followRequestCount > 0 else { return .empty }
        return """
            <p class="follow-requests-notice"><a class="follow-requests-link" href="\(ProfileLinks.followRequests)">\(PrivacyStrings.followRequestsTitle.localized(in: context.locale))</a> <span class="count-badge" data-count="follow-requests">\(followRequestCount)</span></p>

            """
    }

    private func row(for group: NotificationGroupViewModel) -> HTML {
        let target: String =
            if let imageID = group.imageID, group.kind == .comment {
                "/images/\(UUIDText.string(from: imageID))/comments"
            } else if let imageID = group.imageID {
                "/images/\(UUIDText.string(from: imageID))"
            } else if group.followRequest == .asked {
                ProfileLinks.followRequests
            } else if group.actors.count == 1, let actor = group.actors.first {
                ProfileLinks.profile(actor.username)
            } else {
                context.account.map { ProfileLinks.people($0.user.username, group.followRequest == .accepted ? .following : .followers) } ?? "/"
            }
        var pictures = HTML.empty
        for actor in group.actors.prefix(3) {
            pictures += AvatarPicture(user: actor).html
        }
        let excerpt: HTML = group.excerpt.map { "<span class=\"notification-excerpt\">\($0)</span>" } ?? .empty
        return """
            <li class="notification notification-\(group.kind.rawValue)\(group.followRequest.map { " notification-follow-\($0.rawValue)" as HTML } ?? .empty)\(group.isUnread ? " unread" as HTML : .empty)">\
            <a class="notification-link" href="\(target)"><span class="notification-pictures">\(pictures)</span>\
            <span class="notification-text">\(group.text)</span>\(excerpt)\
            <time class="notification-date" datetime="\(ISO8601DateText.string(from: group.date))">\(group.age)</time></a></li>

            """
    }
}
