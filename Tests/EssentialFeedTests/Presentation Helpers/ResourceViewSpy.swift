import EssentialFeed

/// Records what a presenter asks its views to display, in order.
final class ResourceViewSpy: ResourceView, ResourceLoadingView, ResourceErrorView {
    typealias ResourceViewModel = String

    enum Message: Hashable {
        case display(errorMessage: String?)
        case display(isLoading: Bool)
        case display(resourceViewModel: String)
    }

    private(set) var messages: [Message] = []

    func display(_ viewModel: ResourceErrorViewModel) {
        messages.append(.display(errorMessage: viewModel.message))
    }

    func display(_ viewModel: ResourceLoadingViewModel) {
        messages.append(.display(isLoading: viewModel.isLoading))
    }

    func display(_ viewModel: String) {
        messages.append(.display(resourceViewModel: viewModel))
    }
}
