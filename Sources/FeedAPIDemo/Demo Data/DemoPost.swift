/// What a generated feed item shows and says, before its image is painted.
struct DemoPost: Equatable, Sendable {
    let scene: DemoScene
    let description: String?
    let location: String?
}
