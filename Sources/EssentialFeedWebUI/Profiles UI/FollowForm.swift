import EssentialFeed
import Foundation

/// Follow or Unfollow: a form, so it works without scripts and cannot be sent from
/// elsewhere; `follow.js` sends it in place. `next` is where the browser returns. The
/// button names the person, so a list of them reads apart.
/// Someone who approves each follower is asked to be followed; while the request waits, the
/// button takes it back.
struct FollowForm {
    let user: User
    let isFollowing: Bool
    let csrfToken: String
    let next: String
    let locale: Locale
    var isRequested = false
    var isLocked = false

    var html: HTML {
        let label: String
        let buttonClass: HTML
        if isFollowing {
            (label, buttonClass) = (ProfileStrings.unfollow.localized(in: locale), "follow-button following")
        } else if isRequested {
            (label, buttonClass) = (PrivacyStrings.requested.localized(in: locale), "follow-button requested")
        } else {
            label = isLocked ? PrivacyStrings.askToFollow.localized(in: locale) : ProfileStrings.follow.localized(in: locale)
            buttonClass = "follow-button"
        }
        let follows = !(isFollowing || isRequested)
        return """
            <form class="follow-form" method="post" action="\(ProfileLinks.follow(user.username, isFollowing: follows))" data-fragment-action="\(ProfileLinks.followFragment(user.username, isFollowing: follows))">\
            \(CSRFField.html(csrfToken))<input type="hidden" name="next" value="\(next)">\
            <button type="submit" class="\(buttonClass)">\(label)<span class="visually-hidden"> \(user.name)</span></button></form>
            """
    }
}
