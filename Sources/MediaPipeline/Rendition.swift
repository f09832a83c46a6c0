/// The sizes every photo is kept in, as a photo service serves them: three widths for lists
/// and screens, and the photo itself bounded on its long side. None is ever enlarged.
public enum Rendition: String, CaseIterable, Codable, Comparable, Sendable {
    case thumb
    case small
    case regular
    case full

    /// The box the rendition fits in: a width for the first three, a square for `full`.
    var boundingBox: (width: Int, height: Int) {
        switch self {
        case .thumb: (200, Self.unbounded)
        case .small: (400, Self.unbounded)
        case .regular: (1080, Self.unbounded)
        case .full: (4096, 4096)
        }
    }

    public static func < (lhs: Rendition, rhs: Rendition) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .thumb: 0
        case .small: 1
        case .regular: 2
        case .full: 3
        }
    }

    /// Far beyond the pixel limit: a height that never constrains a width-bound rendition.
    private static let unbounded = 10_000_000
}
