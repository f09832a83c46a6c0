import Foundation

public enum FeedEndpoint: Sendable {
    case get(after: FeedImage? = nil)

    /// How many items a page asks for.
    public static let pageSize = 10

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(after: lastImage):
            Self.url(baseURL: baseURL, afterImageWithID: lastImage?.id)
        }
    }

    /// The page after the image with this id, for a caller that knows only the id: the
    /// last item a screen shows.
    public static func url(baseURL: URL, afterImageWithID imageID: UUID?) -> URL {
        var queryItems = [URLQueryItem(name: "limit", value: String(pageSize))]
        if let imageID {
            queryItems.append(URLQueryItem(name: "after_id", value: imageID.uuidString))
        }
        return
            baseURL
            .appending(path: "v1/feed")
            .appending(queryItems: queryItems)
    }
}
