public protocol ResourceLoadingView {
    func display(_ viewModel: ResourceLoadingViewModel)
}
