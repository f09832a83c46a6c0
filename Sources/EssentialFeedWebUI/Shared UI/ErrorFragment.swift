/// What a fragment request delivers when its resource could not be loaded:
/// the presenter's message, for the screen to show where it shows errors.
struct ErrorFragment {
    let message: String

    var html: String {
        "<p data-fragment=\"error\">\(escaping: message)</p>\n"
    }
}
