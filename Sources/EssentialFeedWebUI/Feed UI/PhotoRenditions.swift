/// A photo's shape and the widths it is served in, so that a screen reserves its box before
/// any byte arrives and a browser downloads the smallest copy that is sharp where it shows.
public struct PhotoRenditions: Hashable, Sendable {
    public struct Candidate: Hashable, Sendable {
        public let url: String
        /// In pixels.
        public let width: Int

        public init(url: String, width: Int) {
            self.url = url
            self.width = width
        }
    }

    public let width: Int
    public let height: Int
    /// Narrowest first, one per width.
    public let candidates: [Candidate]

    /// The box's shape stays within these bounds; a photo beyond them is letterboxed in it.
    static let boxRatioBounds = 0.5...3.0

    public init(width: Int, height: Int, candidates: [Candidate]) {
        self.width = max(1, width)
        self.height = max(1, height)
        var seenWidths = Set<Int>()
        self.candidates = candidates.sorted { $0.width < $1.width }.filter { seenWidths.insert($0.width).inserted }
    }

    /// Width over height of the box the photo shows in.
    var boxRatio: Double {
        min(max(Double(width) / Double(height), Self.boxRatioBounds.lowerBound), Self.boxRatioBounds.upperBound)
    }

    /// For a `data-ratio` attribute, which the stylesheet and scripts read as a number.
    var boxRatioText: String {
        Self.attributeText(boxRatio)
    }

    /// The photo's own shape, for a screen that shows it whole whatever its shape.
    var photoRatioText: String {
        Self.attributeText(Double(width) / Double(height))
    }

    private static func attributeText(_ ratio: Double) -> String {
        DecimalText.string(ratio, fractionDigits: 4)
    }

    var srcset: String {
        candidates.map { "\($0.url) \($0.width)w" }.joined(separator: ", ")
    }

    /// The widest candidate: what a browser without `srcset` shows.
    var fallbackURL: String? {
        candidates.last?.url
    }
}
