/// Shows a loaded resource, as the view model its presenter maps it to.
///
/// Views are not required to be `Sendable`: a presenter and its views serve one
/// request (or one screen) and are used from one task.
public protocol ResourceView {
    associatedtype ResourceViewModel

    func display(_ viewModel: ResourceViewModel)
}
