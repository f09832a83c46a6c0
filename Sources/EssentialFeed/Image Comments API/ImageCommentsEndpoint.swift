import Foundation

public enum ImageCommentsEndpoint: Sendable {
    case get(UUID)

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(imageID):
            baseURL.appending(path: "v1/image/\(imageID.uuidString)/comments")
        }
    }
}
