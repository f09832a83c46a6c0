/// What one photo may cost: the bytes a client sends, the pixels they decode to, the work and
/// memory decoding takes, and the time it may run. A small file can describe an enormous
/// image, or ask for thousands of passes over it, so the counts are read from its headers
/// before any pixel is decoded; the time is checked while decoding.
public struct PhotoLimits: Equatable, Sendable {
    public var maximumBytes: Int
    public var maximumPixels: Int
    /// Passes over the image a JPEG may ask for: 1 to 3 for a baseline file, about 10 for a
    /// progressive one as encoders write them.
    public var maximumJPEGScans: Int
    /// Pixels times scans: what decoding a JPEG costs, so a large image gets fewer scans.
    public var maximumJPEGScanPixels: Int
    /// The coefficients a JPEG of several scans (progressive, or one scan per component) has
    /// its decoder hold for the whole image (50 megapixels with the usual 4:2:0 sampling take
    /// 150 MB).
    public var maximumJPEGCoefficientBytes: Int
    /// How long decoding and encoding one photo may take before it is given up.
    public var maximumProcessingTime: Duration

    public init(
        maximumBytes: Int = 20_000_000, maximumPixels: Int = 50_000_000,
        maximumJPEGScans: Int = 64, maximumJPEGScanPixels: Int = 1_000_000_000,
        maximumJPEGCoefficientBytes: Int = 160_000_000, maximumProcessingTime: Duration = .seconds(10)
    ) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumJPEGScans = maximumJPEGScans
        self.maximumJPEGScanPixels = maximumJPEGScanPixels
        self.maximumJPEGCoefficientBytes = maximumJPEGCoefficientBytes
        self.maximumProcessingTime = maximumProcessingTime
    }

    public static let standard = PhotoLimits()
}
