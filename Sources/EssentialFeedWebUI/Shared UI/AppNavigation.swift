import EssentialFeed
import Foundation

/// The app's sections, as the navigation every logged-in screen shares names them.
public enum AppSection: Sendable {
    case feed
    case news
}

/// The row of tabs under every logged-in screen's header: the feed and the news, the one
/// the screen belongs to marked as current.
struct AppNavigation {
    let current: AppSection?
    let locale: Locale

    var html: HTML {
        let tabs: [(AppSection, String, String)] = [
            (.feed, "/", SharedStrings.navigationFeed.localized(in: locale)),
            (.news, NewsLinks.listURL, NewsStrings.title.localized(in: locale))
        ]
        let items = tabs.map { section, href, name -> HTML in
            "<li><a class=\"app-nav-link\" href=\"\(href)\"\(section == current ? " aria-current=\"page\"" as HTML : .empty)>\(name)</a></li>"
        }
        return "<nav class=\"app-nav\" aria-label=\"\(SharedStrings.navigation.localized(in: locale))\"><ul>\(items.joined())</ul></nav>"
    }
}
