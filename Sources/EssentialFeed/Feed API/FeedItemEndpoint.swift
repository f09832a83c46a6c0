import Foundation

/// One feed item on its own: a photo opened by its id, or one chosen at random.
public enum FeedItemEndpoint: Sendable {
    case get(UUID)
    case random

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(id): baseURL.appending(path: "v1/image/\(id.uuidString)")
        case .random: baseURL.appending(path: "v1/images/random")
        }
    }
}
