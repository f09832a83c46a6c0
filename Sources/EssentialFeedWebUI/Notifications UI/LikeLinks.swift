import EssentialFeed
import Foundation

/// The addresses of likes and notifications, as screens link to them and routes serve them.
public enum LikeLinks {
    public static func like(_ imageID: UUID, isLiked: Bool) -> String {
        "/images/\(UUIDText.string(from: imageID))/\(isLiked ? "like" : "unlike")"
    }

    public static func likeFragment(_ imageID: UUID, isLiked: Bool, layout: HeartLayout = .beside) -> String {
        "/fragments/images/\(UUIDText.string(from: imageID))/\(isLiked ? "like" : "unlike")\(layout == .overPhoto ? "?layout=cell" : "")"
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
    var layout = HeartLayout.beside

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
                switch layout {
                case .beside:
                    " <a class=\"like-count\" href=\"\(LikeLinks.likers(imageID))\">\(labels.count(count))</a>"
                case .overPhoto:
                    " <a class=\"like-count\" href=\"\(LikeLinks.likers(imageID))\"><span aria-hidden=\"true\">\(String(count))</span><span class=\"visually-hidden\">\(labels.count(count))</span></a>"
                }
            } ?? .empty
        let layoutClass: HTML = layout == .overPhoto ? " cell-like" : .empty
        return """
            <form class="like-form\(layoutClass)" method="post" action="\(LikeLinks.like(imageID, isLiked: !liked))" data-fragment-action="\(LikeLinks.likeFragment(imageID, isLiked: !liked, layout: layout))">\
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

/// Where a heart stands: beside its photo (the feed, the photo screen), with its count in
/// words; or over a profile grid's square, with the number alone (the words for assistive
/// technology).
public enum HeartLayout: Sendable {
    case beside
    case overPhoto
}

/// A heart as a like leaves it, for `likes.js` to put in place of the one pressed.
public enum HeartView {
    public static func html(imageID: UUID, state: LikeState, layout: HeartLayout = .beside, locale: Locale) -> String {
        HeartForm(imageID: imageID, likeCount: state.likeCount, isLiked: state.isLiked, labels: HeartLabels(locale: locale), layout: layout).html.rendered
    }
}
