import Foundation

/// The sizes a photo is served in, smallest first: 200, 400 and 1080 px wide, and the
/// largest kept (at most 4096 px on its long side). None is larger than the photo.
public enum FeedImageSize: String, CaseIterable, Sendable {
    case thumb
    case small
    case regular
    case full
}

/// What the API says about a photo beyond its URL: its size, so a layout keeps its place
/// before it loads, a placeholder (average colour and BlurHash), and a URL per size.
public struct FeedPhoto: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `#RRGGBB`, when given.
    public let averageColor: String?
    public let blurHash: String?
    public let urls: [FeedImageSize: URL]

    public init(width: Int, height: Int, averageColor: String? = nil, blurHash: String? = nil, urls: [FeedImageSize: URL] = [:]) {
        self.width = width
        self.height = height
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.urls = urls
    }
}

extension FeedPhoto {
    /// How many pixels wide the photo is served in `size`, for a browser choosing among the
    /// sizes: never wider than the photo itself.
    public func width(in size: FeedImageSize) -> Int {
        switch size {
        case .thumb: min(width, 200)
        case .small: min(width, 400)
        case .regular: min(width, 1080)
        case .full:
            max(width, height) <= 4096 ? width : max(1, width * 4096 / max(width, height))
        }
    }
}
