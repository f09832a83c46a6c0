/// How a timeline page is found, on either database, so that it costs little whoever the reader
/// follows:
///
/// 1. **Walk**: the next `walk(limit:)` posts of the whole feed, in order, keeping those of the
///    people followed. Cheap when they post much of the feed (a reader of many), and a page
///    needs no more.
/// 2. **Merge**: when the walk found too few (a reader of a few, whose posts are rare), each
///    followed person's next `limit` posts by the author index, merged by position: one index
///    seek per person followed, however far apart their posts are.
package enum TimelinePlan {
    /// Posts read by the walk for a page of `limit`: enough when the people followed wrote at
    /// least one post in a hundred.
    package static func walk(limit: Int) -> Int {
        limit * 100
    }

    /// The first `limit` positions of the people's next posts, in feed order.
    package static func firstPositions(_ positions: [Int64], limit: Int) -> [Int64] {
        Array(positions.sorted().prefix(limit))
    }
}
