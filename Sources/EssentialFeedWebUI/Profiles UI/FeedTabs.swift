import EssentialFeed
import Foundation

/// The feed's two tabs for a logged-in reader.
public enum FeedTab: String, Sendable {
    /// The posts of the people the reader follows, and their own.
    case following
    /// Everyone's public posts.
    case everyone

    /// The cookie the feed screen's script keeps the tab chosen last in.
    public static let cookieName = "ef_feed_tab"

    /// Everyone's own address: the feed's plain one may lead to the tab kept.
    public static let everyoneURL = "/?tab=everyone"
}

/// Following and Everyone, over the feed, the one shown marked as current.
struct FeedTabs {
    let current: FeedTab
    let locale: Locale

    var html: HTML {
        let tabs: [(FeedTab, String, String)] = [
            (.following, ProfileLinks.following, ProfileStrings.followingTab.localized(in: locale)),
            (.everyone, FeedTab.everyoneURL, ProfileStrings.everyoneTab.localized(in: locale))
        ]
        let links = tabs.map { tab, href, name -> HTML in
            "<a class=\"feed-tab\" href=\"\(href)\" data-tab=\"\(tab.rawValue)\"\(tab == current ? " aria-current=\"page\"" as HTML : .empty)>\(name)</a>"
        }
        return "<nav class=\"feed-tabs\" data-cookie=\"\(FeedTab.cookieName)\" aria-label=\"\(ProfileStrings.tabsLabel.localized(in: locale))\">\(links.joined())</nav>"
    }
}

/// What the Following tab shows while it has nothing: why, and people to follow.
struct TimelineInvitation {
    let suggestions: [User]
    let account: SignedInAccount?
    let next: String
    let locale: Locale

    func html(isHidden: Bool) -> HTML {
        var people = HTML.empty
        if let account, !suggestions.isEmpty {
            people += "<h3 class=\"suggestions-title\">\(ProfileStrings.suggestionsTitle.localized(in: locale))</h3>\n<ul class=\"suggestions\">\n"
            for user in suggestions {
                people += """
                    <li class="suggestion"><a class="suggestion-link" href="\(ProfileLinks.profile(user.username))">\(AvatarPicture(user: user).html)\
                    <span class="author-name">\(user.name)</span> <span class="author-handle">@\(user.username)</span></a>
                    \(FollowForm(user: user, isFollowing: false, csrfToken: account.csrfToken, next: next, locale: locale).html)</li>

                    """
            }
            people += "</ul>\n"
        }
        return """
            <div class="empty-state timeline-invitation" data-role="empty"\(hidden(isHidden))>
            <h2>\(ProfileStrings.timelineEmptyTitle.localized(in: locale))</h2>
            <p>\(ProfileStrings.timelineEmptyMessage.localized(in: locale))</p>
            \(people)</div>
            """
    }
}
