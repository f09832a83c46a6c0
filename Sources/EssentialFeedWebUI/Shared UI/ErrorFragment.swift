import EssentialFeed

/// What a fragment request delivers when its resource could not be loaded: the
/// presenter's message, and whether the server said the content does not exist, so the
/// screen offers a way back instead of a retry.
struct ErrorFragment {
    let error: ResourceErrorViewModel

    var html: HTML {
        let reason = error.isNotFound ? "not-found" : "unavailable"
        return "<p data-fragment=\"error\" data-reason=\"\(reason)\">\(error.message ?? "")</p>\n"
    }
}

/// An error fragment for a message of the app's own, such as why a form was not accepted.
public struct MessageErrorFragment {
    private let message: String

    public init(message: String) {
        self.message = message
    }

    public var html: String {
        ErrorFragment(error: ResourceErrorViewModel(message: message)).html.rendered
    }
}
