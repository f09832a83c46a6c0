/// An HTML fragment for a screen to insert, and whether it carries an error message.
struct RenderedFragment: Sendable, Equatable {
    let html: String
    let isError: Bool
}
