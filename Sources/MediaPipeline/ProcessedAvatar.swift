import Foundation

/// The squares a person's picture is kept in: one for lists and names, one for a profile.
public enum AvatarRendition: String, CaseIterable, Codable, Sendable {
    case thumb
    case small

    /// The side of the square, in pixels; a smaller picture keeps its own.
    public var side: Int {
        switch self {
        case .thumb: 128
        case .small: 400
        }
    }
}

/// A person's picture as the pipeline accepted it: the centre square of what they sent, its
/// colours for placeholders, and its square renditions, each a metadata-free sRGB JPEG.
public struct ProcessedAvatar: Equatable, Sendable {
    /// `#RRGGBB`: the average colour, the same as the BlurHash's first component.
    public let averageColor: String
    /// 4 × 4 components.
    public let blurHash: String
    public let renditions: [AvatarRendition: EncodedRendition]

    public init(averageColor: String, blurHash: String, renditions: [AvatarRendition: EncodedRendition]) {
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.renditions = renditions
    }
}
