/// A page of feed items, numbered from `firstPosition` (1-based) within the whole feed.
/// `nextPageURL` is nil once the end of the feed is reached. `offlineNotice` is set when
/// the page comes from the cache because the server could not be reached.
public struct FeedPageViewModel: Hashable, Sendable {
    public let items: [FeedItemViewModel]
    public let firstPosition: Int
    public let nextPageURL: String?
    public let offlineNotice: String?
    /// The screen that shows the next page, for browsers without scripts.
    public let nextScreenURL: String?

    public init(items: [FeedItemViewModel], firstPosition: Int = 1, nextPageURL: String?, offlineNotice: String? = nil, nextScreenURL: String? = nil) {
        self.items = items
        self.firstPosition = firstPosition
        self.nextPageURL = nextPageURL
        self.offlineNotice = offlineNotice
        self.nextScreenURL = nextScreenURL
    }
}
