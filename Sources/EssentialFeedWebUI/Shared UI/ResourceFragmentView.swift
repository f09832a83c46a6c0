import EssentialFeed

/// Keeps what one load of a resource gave — its view model or the error — for a screen or
/// fragment that renders it once the load is over. One view serves one request; the feed's
/// and the comments' fragment views add how they render it.
public class ResourceFragmentView<ViewModel>: ResourceView, ResourceLoadingView, ResourceErrorView {
    public typealias ResourceViewModel = ViewModel

    public private(set) var loaded: ViewModel?
    public private(set) var error: ResourceErrorViewModel?

    public init() {}

    public func display(_ viewModel: ViewModel) {
        loaded = viewModel
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

    /// The view model, unless the load ended in an error.
    public var loadedViewModel: ViewModel? {
        error == nil ? loaded : nil
    }
}
