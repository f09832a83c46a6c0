import EssentialFeed
import Foundation

/// Renders one load of an image's comments as an HTML fragment the comments screen
/// inserts: the comments in the order given, or the error message.
///
/// One view serves one request.
public final class ImageCommentsFragmentView: ResourceFragmentView<[DatedImageCommentViewModel]> {
    public var html: String {
        if let error {
            return ErrorFragment(error: error).html.rendered
        }
        guard let comments = loaded else { return "" }
        let fragment: HTML = "<ol data-fragment=\"comments\">\n\(ImageCommentsList.itemsHTML(comments))</ol>\n"
        return fragment.rendered
    }

    /// What the load gave, for a screen that renders it in its first response.
    public var loadedComments: [DatedImageCommentViewModel]? { loadedViewModel }
    public var loadError: ResourceErrorViewModel? { error }
}
