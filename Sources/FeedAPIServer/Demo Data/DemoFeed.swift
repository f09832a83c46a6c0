import Foundation

/// Makes the demo feed: the seeds' eight example items first, then enough
/// generated items for several pages.
///
/// `now` anchors the comment dates so the same call always makes the same feed.
enum DemoFeed {
    static func make(now: Date) throws -> [DemoFeedItem] {
        []
    }
}
