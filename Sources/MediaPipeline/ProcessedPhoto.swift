import Foundation

/// A photo the pipeline accepted: its size as it is meant to be seen (orientation applied),
/// its colours for placeholders, and its renditions, each a metadata-free sRGB JPEG.
public struct ProcessedPhoto: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `#RRGGBB`: the average colour, the same as the BlurHash's first component.
    public let averageColor: String
    /// 4 × 3 components, 28 characters.
    public let blurHash: String
    public let renditions: [Rendition: EncodedRendition]

    public init(width: Int, height: Int, averageColor: String, blurHash: String, renditions: [Rendition: EncodedRendition]) {
        self.width = width
        self.height = height
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.renditions = renditions
    }
}

public struct EncodedRendition: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let mediaType: String
    public let bytes: Data

    public init(width: Int, height: Int, mediaType: String, bytes: Data) {
        self.width = width
        self.height = height
        self.mediaType = mediaType
        self.bytes = bytes
    }
}
