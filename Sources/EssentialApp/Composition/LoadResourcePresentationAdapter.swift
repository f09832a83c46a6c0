import EssentialFeed

/// Runs one load through its presenter: loading, then the resource or the error.
/// A cancelled load shows nothing and ends in `CancellationError`, so an abandoned
/// request is never answered with an error message.
enum LoadResourcePresentationAdapter {
    static func load<Resource, View>(
        _ loader: () async throws -> Resource,
        presenter: LoadResourcePresenter<Resource, View>
    ) async throws {
        presenter.didStartLoading()
        do {
            let resource = try await loader()
            try Task.checkCancellation()
            presenter.didFinishLoading(with: resource)
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            presenter.didFinishLoading(with: error)
        }
    }
}
