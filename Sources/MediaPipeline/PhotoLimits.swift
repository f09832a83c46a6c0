/// What one photo may cost: the bytes a client sends, and the pixels they decode to. A small
/// file can describe an enormous image, so the pixel count is checked from the header,
/// before any pixel is decoded.
public struct PhotoLimits: Equatable, Sendable {
    public var maximumBytes: Int
    public var maximumPixels: Int

    public init(maximumBytes: Int = 20_000_000, maximumPixels: Int = 50_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }

    public static let standard = PhotoLimits()
}
