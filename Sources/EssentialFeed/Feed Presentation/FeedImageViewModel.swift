public struct FeedImageViewModel: Hashable, Sendable {
    public let description: String?
    public let location: String?

    public init(description: String?, location: String?) {
        self.description = description
        self.location = location
    }

    public var hasLocation: Bool {
        location != nil
    }
}
