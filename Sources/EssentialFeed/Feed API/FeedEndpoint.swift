import Foundation

public enum FeedEndpoint: Sendable {
    case get(after: FeedImage? = nil)

    /// How many items a page asks for.
    public static let pageSize = 10

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(after: lastImage):
            var queryItems = [URLQueryItem(name: "limit", value: String(Self.pageSize))]
            if let lastImage {
                queryItems.append(URLQueryItem(name: "after_id", value: lastImage.id.uuidString))
            }
            return baseURL
                .appending(path: "v1/feed")
                .appending(queryItems: queryItems)
        }
    }
}
