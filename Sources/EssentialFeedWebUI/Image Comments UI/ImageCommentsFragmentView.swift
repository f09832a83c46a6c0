import EssentialFeed
import Foundation

/// Renders one load of an image's comments as an HTML fragment the comments screen
/// inserts: the comments in the order given, or the error message.
///
/// One view serves one request.
public final class ImageCommentsFragmentView: ResourceFragmentView<[DatedImageCommentViewModel]> {
    /// With a language, the fragment says how many comments there are in it, as the feed says
    /// it, so the feed the reader returns to can show the new count.
    public var locale: Locale?
    /// Which comments get a way to delete them.
    public var deletion: CommentActions?

    public var html: String {
        if let error {
            return ErrorFragment(error: error).html.rendered
        }
        guard let comments = loaded else { return "" }
        let count = locale.map { ImageCommentsList.countAttribute(comments.count, locale: $0) }
        let fragment: HTML = "<ol data-fragment=\"comments\"\(count)>\n\(ImageCommentsList.itemsHTML(comments, deletion: deletion, locale: locale))</ol>\n"
        return fragment.rendered
    }

    /// What the load gave, for a screen that renders it in its first response.
    public var loadedComments: [DatedImageCommentViewModel]? { loadedViewModel }
    public var loadError: ResourceErrorViewModel? { error }
}
