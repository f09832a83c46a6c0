/// How long a post's texts may be, wherever a post is made or changed: an upload, an edit,
/// an imported archive.
package enum PostTextBounds {
    /// The description, the location and the alt text.
    package static let text = 500
    package static let contentWarning = 200
}
