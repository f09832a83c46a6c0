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
