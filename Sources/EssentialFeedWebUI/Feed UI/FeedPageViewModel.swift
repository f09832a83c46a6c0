/// A page of feed items, numbered from `firstPosition` (1-based) within the whole feed.
/// `nextPageURL` is nil once the end of the feed is reached.
public struct FeedPageViewModel: Hashable, Sendable {
    public let items: [FeedItemViewModel]
    public let firstPosition: Int
    public let nextPageURL: String?

    public init(items: [FeedItemViewModel], firstPosition: Int = 1, nextPageURL: String?) {
        self.items = items
        self.firstPosition = firstPosition
        self.nextPageURL = nextPageURL
    }
}
