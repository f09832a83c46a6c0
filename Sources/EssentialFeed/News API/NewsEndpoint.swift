import Foundation

public enum NewsEndpoint: Sendable {
    case list
    case story(UUID)

    public func url(baseURL: URL) -> URL {
        switch self {
        case .list:
            baseURL.appending(path: "v1/news")
        case let .story(id):
            baseURL.appending(path: "v1/news/stories/\(id.uuidString)")
        }
    }
}
