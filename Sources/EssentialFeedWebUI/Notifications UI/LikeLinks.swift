import EssentialFeed
import Foundation

/// The addresses of likes and notifications, as screens link to them and routes serve them.
public enum LikeLinks {
    public static func like(_ imageID: UUID, isLiked: Bool) -> String {
        "/images/\(UUIDText.string(from: imageID))/\(isLiked ? "like" : "unlike")"
    }

    public static func likeFragment(_ imageID: UUID, isLiked: Bool) -> String {
        "/fragments/images/\(UUIDText.string(from: imageID))/\(isLiked ? "like" : "unlike")"
    }

    /// Who liked it.
    public static func likers(_ imageID: UUID) -> String {
        "/images/\(UUIDText.string(from: imageID))/likes"
    }

    public static let notifications = "/notifications"
    /// The app's stream of the reader's events (the bell's count, new photos).
    public static let events = "/events"
}

/// A photo's heart: a form, so it works without scripts, that `likes.js` sends in place (and
/// on a double tap of the photo). Posted by the browser itself it comes back to the page it
/// was on. It carries no per-person token, so pages everyone shares can hold it: the app
/// takes it only from its own pages (`Origin` or `Sec-Fetch-Site`).
///
/// Whether the reader likes it is unknown on the Everyone feed (its pages are everyone's):
/// the heart then likes, which changes nothing for a photo liked already, and the script
/// asks for the reader's own state.
struct HeartForm {
    let imageID: UUID
    let likeCount: Int?
    let isLiked: Bool?
    let labels: HeartLabels

    var html: HTML {
        let liked = isLiked == true
        let state: HTML =
            switch isLiked {
            case .some(true): " aria-pressed=\"true\""
            case .some(false): " aria-pressed=\"false\""
            case .none: " data-state=\"unknown\""
            }
        let count: HTML =
            likeCount.map { count -> HTML in
                " <a class=\"like-count\" href=\"\(LikeLinks.likers(imageID))\">\(labels.count(count))</a>"
            } ?? .empty
        return """
            <form class="like-form" method="post" action="\(LikeLinks.like(imageID, isLiked: !liked))" data-fragment-action="\(LikeLinks.likeFragment(imageID, isLiked: !liked))">\
            <button type="submit" class="like-button"\(state) aria-label="\(liked ? labels.unlike : labels.like)"><span aria-hidden="true">\(liked ? "♥" : "♡")</span></button>\(count)</form>
            """
    }
}

/// The heart's words, looked up once per page.
struct HeartLabels {
    let like: String
    let unlike: String
    private let countOne: String
    private let countMany: LocalizedTemplate

    init(locale: Locale) {
        like = NotificationStrings.like.localized(in: locale)
        unlike = NotificationStrings.unlike.localized(in: locale)
        countOne = NotificationStrings.likeCountOne.template(in: locale).filled(with: "1")
        countMany = NotificationStrings.likeCount.template(in: locale)
    }

    func count(_ count: Int) -> String {
        count == 1 ? countOne : countMany.filled(with: String(count))
    }
}

/// A heart as a like leaves it, for `likes.js` to put in place of the one pressed.
public enum HeartView {
    public static func html(imageID: UUID, state: LikeState, locale: Locale) -> String {
        HeartForm(imageID: imageID, likeCount: state.likeCount, isLiked: state.isLiked, labels: HeartLabels(locale: locale)).html.rendered
    }
}
