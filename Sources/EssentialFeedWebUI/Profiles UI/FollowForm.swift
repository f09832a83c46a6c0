import EssentialFeed
import Foundation

/// Follow or Unfollow: a form, so it works without scripts and cannot be sent from
/// elsewhere; `follow.js` sends it in place. `next` is where the browser returns. The
/// button names the person, so a list of them reads apart.
struct FollowForm {
    let user: User
    let isFollowing: Bool
    let csrfToken: String
    let next: String
    let locale: Locale

    var html: HTML {
        let label = (isFollowing ? ProfileStrings.unfollow : ProfileStrings.follow).localized(in: locale)
        let buttonClass: HTML = isFollowing ? "follow-button following" : "follow-button"
        return """
            <form class="follow-form" method="post" action="\(ProfileLinks.follow(user.username, isFollowing: !isFollowing))" data-fragment-action="\(ProfileLinks.followFragment(user.username, isFollowing: !isFollowing))">\
            \(CSRFField.html(csrfToken))<input type="hidden" name="next" value="\(next)">\
            <button type="submit" class="\(buttonClass)">\(label)<span class="visually-hidden"> \(user.name)</span></button></form>
            """
    }
}
