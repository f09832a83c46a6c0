import Foundation

/// A person's picture: two squares, one for names in lists and one for their profile, and the
/// colours to show while they load.
public struct Avatar: Hashable, Sendable {
    public let thumbURL: URL
    public let smallURL: URL
    /// `#RRGGBB`, when the API gives it.
    public let averageColor: String?
    public let blurHash: String?

    public init(thumbURL: URL, smallURL: URL, averageColor: String? = nil, blurHash: String? = nil) {
        self.thumbURL = thumbURL
        self.smallURL = smallURL
        self.averageColor = averageColor
        self.blurHash = blurHash
    }
}
