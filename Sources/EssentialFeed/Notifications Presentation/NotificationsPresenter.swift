import Foundation

/// Notifications told together: "Rita and 3 others liked your photo."
public struct NotificationGroupViewModel: Hashable, Sendable {
    public let kind: FeedNotification.Kind
    /// For follows: a request to follow asked or accepted, told apart from follows done.
    public let followRequest: FeedNotification.FollowRequestStep?
    /// Who did it, the most recent first.
    public let actors: [User]
    public let text: String
    /// The start of the newest comment or mention.
    public let excerpt: String?
    /// The photo it is about; none for follows.
    public let imageID: UUID?
    /// The newest notification's date.
    public let date: Date
    /// How long ago that was ("3 hours ago").
    public let age: String
    /// Whether any of them is unread.
    public let isUnread: Bool
}

public enum NotificationsPresenter {
    /// The page's notifications in groups, the group with the newest first: likes of one
    /// photo together, comments on one photo together, follows together (requests to follow,
    /// and requests accepted, apart); each mention on its own; the unread apart from those
    /// read before. One person counts once in a group.
    public static func groups(
        of notifications: [FeedNotification], in locale: Locale, currentDate: Date, calendar: Calendar = .current
    ) -> [NotificationGroupViewModel] {
        var order: [String] = []
        var grouped: [String: [FeedNotification]] = [:]
        for notification in notifications {
            let key: String =
                switch notification.kind {
                case .like, .comment: "\(notification.kind.rawValue) \(notification.imageID?.uuidString ?? "-") \(notification.isRead)"
                case .follow: "follow \(notification.followRequest?.rawValue ?? "done") \(notification.isRead)"
                case .mention: "mention \(notification.id)"
                }
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(notification)
        }
        let words = Words(locale: locale)
        let ages = RelativeDate(locale: locale)
        return order.compactMap { grouped[$0] }.compactMap { group in
            guard let newest = group.first else { return nil }
            var actors: [User] = []
            for notification in group where !actors.contains(where: { $0.username == notification.actor.username }) {
                actors.append(notification.actor)
            }
            return NotificationGroupViewModel(
                kind: newest.kind, followRequest: newest.followRequest, actors: actors,
                text: words.sentence(for: newest.kind, step: newest.followRequest, actors: actors), excerpt: newest.excerpt,
                imageID: newest.imageID, date: newest.createdAt, age: ages.text(of: newest.createdAt, to: currentDate, calendar: calendar),
                isUnread: group.contains { !$0.isRead })
        }
    }

    /// The bell's name for screen readers, with how many are unread.
    public static func bellLabel(unreadCount: Int, in locale: Locale) -> String {
        guard unreadCount > 0 else { return NotificationStrings.bell.localized(in: locale) }
        return NotificationStrings.bellUnread.template(in: locale).filled(with: unreadText(unreadCount))
    }

    /// The count the bell shows: up to 99, then "99+".
    public static func unreadText(_ count: Int) -> String {
        count > 99 ? "99+" : String(max(0, count))
    }

    /// A photo's like count, as its heart says it.
    public static func likeCountLabel(_ count: Int, in locale: Locale) -> String {
        (count == 1 ? NotificationStrings.likeCountOne : NotificationStrings.likeCount).template(in: locale).filled(with: String(count))
    }

    private struct Words {
        let two: LocalizedTemplate
        let more: LocalizedTemplate
        let liked: (one: LocalizedTemplate, many: LocalizedTemplate)
        let commented: (one: LocalizedTemplate, many: LocalizedTemplate)
        let followed: (one: LocalizedTemplate, many: LocalizedTemplate)
        let asked: (one: LocalizedTemplate, many: LocalizedTemplate)
        let accepted: (one: LocalizedTemplate, many: LocalizedTemplate)
        let mentioned: LocalizedTemplate

        init(locale: Locale) {
            two = NotificationStrings.twoPeople.template(in: locale)
            more = NotificationStrings.morePeople.template(in: locale)
            liked = (NotificationStrings.liked.template(in: locale), NotificationStrings.likedMany.template(in: locale))
            commented = (NotificationStrings.commented.template(in: locale), NotificationStrings.commentedMany.template(in: locale))
            followed = (NotificationStrings.followed.template(in: locale), NotificationStrings.followedMany.template(in: locale))
            asked = (NotificationStrings.askedToFollow.template(in: locale), NotificationStrings.askedToFollowMany.template(in: locale))
            accepted = (NotificationStrings.acceptedRequest.template(in: locale), NotificationStrings.acceptedRequestMany.template(in: locale))
            mentioned = NotificationStrings.mentioned.template(in: locale)
        }

        func sentence(for kind: FeedNotification.Kind, step: FeedNotification.FollowRequestStep?, actors: [User]) -> String {
            let who: String =
                switch actors.count {
                case 0: ""
                case 1: actors[0].name
                case 2: two.filled(with: [actors[0].name, actors[1].name])
                default: more.filled(with: [actors[0].name, String(actors.count - 1)])
                }
            // Languages whose verb agrees with how many did it say it twice.
            let isMany = actors.count > 1
            let template: LocalizedTemplate =
                switch kind {
                case .like: isMany ? liked.many : liked.one
                case .comment: isMany ? commented.many : commented.one
                case .follow:
                    switch step {
                    case nil: isMany ? followed.many : followed.one
                    case .asked: isMany ? asked.many : asked.one
                    case .accepted: isMany ? accepted.many : accepted.one
                    }
                case .mention: mentioned
                }
            return template.filled(with: who)
        }
    }
}
