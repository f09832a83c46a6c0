import EssentialFeed
import Foundation
import Synchronization

/// The app's sections, as the navigation every logged-in screen shares names them.
public enum AppSection: Sendable {
    case feed
    case news
    case notifications
    case people
}

/// The row of tabs under every logged-in screen's header: the feed, the news, finding people and the bell,
/// the one the screen belongs to marked as current. The bell's count is the event stream's
/// (`live.js`): no screen waits on the API for it.
struct AppNavigation {
    let current: AppSection?
    let locale: Locale

    /// The same for every screen of one section in one language: written once per language
    /// and section (a handful of each), then read — every logged-in screen carries it.
    var html: HTML {
        let key = Key(language: LocalizedStrings.language(for: locale), current: current)
        if let written = Self.writtenByKey.withLock({ $0[key] }) { return written }
        let written = rendered
        Self.writtenByKey.withLock { $0[key] = written }
        return written
    }

    private struct Key: Hashable {
        let language: String
        let current: AppSection?
    }

    private static let writtenByKey = Mutex<[Key: HTML]>([:])

    private var rendered: HTML {
        let tabs: [(AppSection, String, String)] = [
            (.feed, "/", SharedStrings.navigationFeed.localized(in: locale)),
            (.news, NewsLinks.listURL, NewsStrings.title.localized(in: locale))
        ]
        let items = tabs.map { section, href, name -> HTML in
            "<li><a class=\"app-nav-link\" href=\"\(href)\"\(section == current ? " aria-current=\"page\"" as HTML : .empty)>\(name)</a></li>"
        }
        let searchLabel = ProfileStrings.searchTitle.localized(in: locale)
        let search: HTML = """
            <li><a class="app-nav-link app-nav-search" href="\(PeopleSearchScreen.screenURL)" aria-label="\(searchLabel)"\
            \(current == .people ? " aria-current=\"page\"" as HTML : .empty)><span aria-hidden="true">🔍</span></a></li>
            """
        let bellLabel = NotificationStrings.bell.localized(in: locale)
        let isCurrent: HTML = current == .notifications ? " aria-current=\"page\"" : .empty
        let bell: HTML = """
            <li><a class="app-nav-link app-nav-bell" href="\(LikeLinks.notifications)" aria-label="\(bellLabel)" \
            data-label-unread="\(NotificationStrings.bellUnread.localized(in: locale))"\(isCurrent)>\
            <span aria-hidden="true">🔔</span><span class="bell-count" aria-hidden="true" hidden></span></a></li>
            """
        return
            "<nav class=\"app-nav\" aria-label=\"\(SharedStrings.navigation.localized(in: locale))\" data-like-offline=\"\(NotificationStrings.likeOffline.localized(in: locale))\" data-unlike-label=\"\(NotificationStrings.unlike.localized(in: locale))\" data-events=\"\(LikeLinks.events)\" data-new-photo-one=\"\(NotificationStrings.newPhotoOne.localized(in: locale))\" data-new-photos=\"\(NotificationStrings.newPhotos.localized(in: locale))\"><ul>\(items.joined())\(search)\(bell)</ul></nav>"
    }
}
