/// What a demo image shows; captions are written to match.
enum DemoScene: CaseIterable, Sendable {
    case sunset
    case mountains
    case waves
    case starryNight
    case skyline
    case stripes
    case tiles
    case ripples
    case lanterns
}

extension DemoScene {
    /// What the painting of the scene shows, said for a screen reader.
    var alternativeText: String {
        switch self {
        case .sunset: "The sun setting over the sea, its light in a path on the water"
        case .mountains: "Layers of mountain ridges under a pale sky with the sun above them"
        case .waves: "Rolling ocean waves under a clear blue sky"
        case .starryNight: "A night sky full of stars above a dark horizon"
        case .skyline: "A city skyline at dusk with lit windows"
        case .stripes: "A wall painted in bright stripes of colour"
        case .tiles: "Patterned tiles covering a wall"
        case .ripples: "Circles of ripples spreading on still water"
        case .lanterns: "Blurred lights of lanterns glowing at night"
        }
    }
}

/// The shapes the demo's photos come in, so every layout meets portrait, landscape, square
/// and panorama photos.
enum DemoCanvas: CaseIterable, Sendable {
    case landscape
    case portrait
    case square
    case panorama
    /// A person's picture: a square, small as pictures are shown.
    case avatar

    var width: Int {
        switch self {
        case .landscape: 720
        case .portrait: 540
        case .square: 600
        case .panorama: 960
        case .avatar: 256
        }
    }

    var height: Int {
        switch self {
        case .landscape: 540
        case .portrait: 720
        case .square: 600
        case .panorama: 320
        case .avatar: 256
        }
    }

    /// Mostly landscape, as people post; every shape within any eight neighbouring items.
    static func forItem(at index: Int) -> DemoCanvas {
        let pattern: [DemoCanvas] = [.landscape, .portrait, .square, .landscape, .panorama, .portrait, .landscape, .square]
        return pattern[index % pattern.count]
    }
}
