/// An HTML fragment for a screen to insert (or a whole screen), and whether it carries an error message and
/// which: content the server said does not exist, or content that could not be loaded.
package struct RenderedFragment: Sendable, Equatable {
    package let html: String
    let isError: Bool
    var isNotFound = false
}
