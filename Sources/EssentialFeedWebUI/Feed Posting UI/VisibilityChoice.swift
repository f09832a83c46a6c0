import EssentialFeed
import Foundation

/// The choice of who sees a post, as New post, Edit and the privacy settings ask it: a
/// `<select>` named `visibility` (or `name`) with everyone and followers only, and — when
/// nothing is `selected` — first the person's default (an empty value, which the API fills).
struct VisibilityChoice {
    let id: String
    var name = "visibility"
    let label: String
    let selected: FeedImageVisibility?
    let locale: Locale

    var html: HTML {
        var options: HTML = selected == nil ? "<option value=\"\" selected>\(PrivacyStrings.visibilityDefault.localized(in: locale))</option>" : .empty
        for visibility in FeedImageVisibility.allCases {
            let text = (visibility == .public ? PrivacyStrings.visibilityPublic : PrivacyStrings.visibilityFollowers).localized(in: locale)
            let isSelected: HTML = visibility == selected ? " selected" : .empty
            options += "<option value=\"\(visibility.rawValue)\"\(isSelected)>\(text)</option>"
        }
        return """
            <label for="\(id)">\(label)</label>
            <select id="\(id)" name="\(name)">\(options)</select>
            """
    }
}

/// The mark of a photo only its author's followers see.
enum FollowersOnlyBadge {
    static func html(locale: Locale) -> HTML {
        "<span class=\"followers-only\" title=\"\(PrivacyStrings.followersOnly.localized(in: locale))\"><span aria-hidden=\"true\">👥</span> \(PrivacyStrings.followersOnly.localized(in: locale))</span>"
    }
}
