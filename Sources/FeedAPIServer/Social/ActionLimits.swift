import FeedAPIStorage
import Foundation
import Hummingbird

/// How often one account may like, follow and comment: enough for anyone using the app by
/// hand, too little for a script to flood people's notifications.
struct ActionLimits: Sendable {
    /// Likes and unlikes.
    var likes = ActionLimit(perWindow: 60, window: 60)
    /// Follows and unfollows.
    var follows = ActionLimit(perWindow: 60, window: 60 * 60)
    var comments = ActionLimit(perWindow: 30, window: 10 * 60)
    /// Posts whose description tells people: beyond it a post tells nobody.
    var mentions = ActionLimit(perWindow: 30, window: 10 * 60)

    func limit(of action: BoundedAction) -> ActionLimit {
        switch action {
        case .like: likes
        case .follow: follows
        case .comment: comments
        case .mention: mentions
        }
    }
}

extension ProblemDetails {
    /// `429` with the seconds until the account may act again.
    static func limitReached(_ reached: ActionLimitReached, at date: Date, limits: ActionLimits) -> ProblemDetails {
        let seconds = max(1, Int(reached.until.timeIntervalSince(date).rounded(.up)))
        let limit = limits.limit(of: reached.action)
        let (name, what): (String, String) =
            switch reached.action {
            case .like: ("likes", "likes and unlikes")
            case .follow: ("follows", "follows and unfollows")
            case .comment: ("comments", "comments")
            case .mention: ("mentions", "posts that mention people")
            }
        return ProblemDetails(
            type: "/essential-feed/problems/too-many-\(name)", title: "Too many \(name)", status: .tooManyRequests,
            detail: "At most \(limit.perWindow) \(what) in \(Self.describe(limit.window)); try again in \(seconds) seconds.",
            headers: [.retryAfter: String(seconds)])
    }

    private static func describe(_ window: TimeInterval) -> String {
        switch window {
        case 60: "a minute"
        case 3600: "an hour"
        case let seconds where seconds.truncatingRemainder(dividingBy: 60) == 0: "\(Int(seconds / 60)) minutes"
        default: "\(Int(window)) seconds"
        }
    }
}
