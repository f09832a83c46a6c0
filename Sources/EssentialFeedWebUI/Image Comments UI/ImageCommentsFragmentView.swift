import EssentialFeed
import Foundation

/// Renders one load of an image's comments as an HTML fragment the comments screen
/// inserts: the comments in the order given, or the error message.
///
/// One view serves one request.
public final class ImageCommentsFragmentView: ResourceView, ResourceLoadingView, ResourceErrorView {
    public typealias ResourceViewModel = [DatedImageCommentViewModel]

    private var comments: [DatedImageCommentViewModel]?
    private var error: ResourceErrorViewModel?

    public init() {}

    public func display(_ viewModel: [DatedImageCommentViewModel]) {
        comments = viewModel
    }

    public func display(_ viewModel: ResourceLoadingViewModel) {}

    public func display(_ viewModel: ResourceErrorViewModel) {
        error = viewModel.message == nil ? nil : viewModel
    }

    public var isShowingError: Bool {
        error != nil
    }

    /// The server said the content does not exist.
    public var isShowingNotFound: Bool {
        error?.isNotFound == true
    }

    public var html: String {
        if let error {
            return ErrorFragment(error: error).html
        }
        guard let comments else { return "" }

        return "<ol data-fragment=\"comments\">\n" + ImageCommentsList.itemsHTML(comments) + "</ol>\n"
    }

    /// What the load gave, for a screen that renders it in its first response.
    public var loadedComments: [DatedImageCommentViewModel]? { error == nil ? comments : nil }
    public var loadError: ResourceErrorViewModel? { error }
}
