import Foundation

/// Turns the loading of one resource into what its views display: a loading
/// state, the resource's view model, or an error message in the view's language.
///
/// Not `Sendable`: a presenter serves one load of one screen, from one task.
public final class LoadResourcePresenter<Resource, View: ResourceView> {
    public typealias Mapper = (Resource) throws -> View.ResourceViewModel

    private let resourceView: View
    private let loadingView: any ResourceLoadingView
    private let errorView: any ResourceErrorView
    private let mapper: Mapper
    private let locale: Locale

    public init(
        resourceView: View,
        loadingView: any ResourceLoadingView,
        errorView: any ResourceErrorView,
        mapper: @escaping Mapper,
        locale: Locale
    ) {
        self.resourceView = resourceView
        self.loadingView = loadingView
        self.errorView = errorView
        self.mapper = mapper
        self.locale = locale
    }

    public init(
        resourceView: View,
        loadingView: any ResourceLoadingView,
        errorView: any ResourceErrorView,
        locale: Locale
    ) where Resource == View.ResourceViewModel {
        self.resourceView = resourceView
        self.loadingView = loadingView
        self.errorView = errorView
        self.mapper = { $0 }
        self.locale = locale
    }

    public static var loadError: String {
        loadError(in: Locale(identifier: LocalizedStrings.defaultLanguage))
    }

    public static func loadError(in locale: Locale) -> String {
        SharedStrings.connectionError.localized(in: locale)
    }

    public func didStartLoading() {
        errorView.display(.noError)
        loadingView.display(ResourceLoadingViewModel(isLoading: true))
    }

    /// Shows the resource; a resource the mapper rejects is shown as a load error.
    public func didFinishLoading(with resource: Resource) {
        do {
            resourceView.display(try mapper(resource))
            loadingView.display(ResourceLoadingViewModel(isLoading: false))
        } catch {
            didFinishLoading(with: error)
        }
    }

    /// "Not found" when the server said so, an error's own message when it has one, the
    /// connection error otherwise.
    public func didFinishLoading(with error: any Error) {
        if let error = error as? any PresentableError {
            errorView.display(.error(message: error.message(in: locale)))
        } else if error is ResourceNotFoundError {
            errorView.display(.notFound(message: SharedStrings.notFoundError.localized(in: locale)))
        } else {
            errorView.display(.error(message: Self.loadError(in: locale)))
        }
        loadingView.display(ResourceLoadingViewModel(isLoading: false))
    }
}

/// An error that says itself what a screen should tell the reader, such as "this story was
/// not saved for reading offline", rather than the generic connection error.
public protocol PresentableError: Error {
    func message(in locale: Locale) -> String
}
