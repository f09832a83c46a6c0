public protocol ResourceErrorView {
    func display(_ viewModel: ResourceErrorViewModel)
}
