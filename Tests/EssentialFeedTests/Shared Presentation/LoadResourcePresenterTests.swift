import EssentialFeed
import Foundation
import Testing

@Suite("Load resource presenter")
struct LoadResourcePresenterTests {
    @Test func init_doesNotSendMessagesToView() {
        let (_, view) = makeSUT()

        #expect(view.messages.isEmpty)
    }

    @Test func didStartLoading_displaysNoErrorMessageAndStartsLoading() {
        let (sut, view) = makeSUT()

        sut.didStartLoading()

        #expect(view.messages == [.display(errorMessage: nil), .display(isLoading: true)])
    }

    @Test func didFinishLoadingResource_displaysMappedResourceAndStopsLoading() {
        let (sut, view) = makeSUT(mapper: { resource in resource + " view model" })

        sut.didFinishLoading(with: "resource")

        #expect(view.messages == [.display(resourceViewModel: "resource view model"), .display(isLoading: false)])
    }

    @Test func didFinishLoadingResource_displaysLocalizedErrorAndStopsLoadingOnMapperError() {
        let (sut, view) = makeSUT(mapper: { _ in throw MappingError() }, locale: Locale(identifier: "el_GR"))

        sut.didFinishLoading(with: "resource")

        #expect(view.messages == [.display(errorMessage: "Δεν ήταν δυνατή η σύνδεση στο διακομιστή"), .display(isLoading: false)])
    }

    @Test(arguments: [
        ("en_US", "Couldn't connect to server"),
        ("pt_BR", "Não foi possível conectar com o servidor"),
        ("el_GR", "Δεν ήταν δυνατή η σύνδεση στο διακομιστή"),
        ("fr_FR", "Couldn't connect to server")
    ])
    func didFinishLoadingWithError_displaysLocalizedErrorMessageAndStopsLoading(localeIdentifier: String, expectedMessage: String) {
        let (sut, view) = makeSUT(locale: Locale(identifier: localeIdentifier))

        sut.didFinishLoading(with: ConnectivityError())

        #expect(view.messages == [.display(errorMessage: expectedMessage), .display(isLoading: false)])
    }

    @Test func didFinishLoadingWithAPresentableError_displaysItsOwnMessageInTheLocale() {
        struct NotSavedError: PresentableError {
            func message(in locale: Locale) -> String { "not saved (\(locale.identifier))" }
        }
        let (sut, view) = makeSUT(locale: Locale(identifier: "es"))

        sut.didFinishLoading(with: NotSavedError())

        #expect(view.messages == [.display(errorMessage: "not saved (es)"), .display(isLoading: false)])
    }

    @Test func init_withoutMapper_displaysTheResourceItself() {
        let view = ResourceViewSpy()
        let sut = LoadResourcePresenter(resourceView: view, loadingView: view, errorView: view, locale: Locale(identifier: "en"))

        sut.didFinishLoading(with: "view model")

        #expect(view.messages == [.display(resourceViewModel: "view model"), .display(isLoading: false)])
    }

    @Test func loadError_isTheEnglishGenericConnectionError() {
        #expect(LoadResourcePresenter<String, ResourceViewSpy>.loadError == "Couldn't connect to server")
    }

    @Test(arguments: [
        ("en", "Couldn't connect to server"),
        ("pt-BR", "Não foi possível conectar com o servidor"),
        ("el", "Δεν ήταν δυνατή η σύνδεση στο διακομιστή")
    ])
    func loadErrorInLocale_isTheLocalizedGenericConnectionError(localeIdentifier: String, expectedMessage: String) {
        #expect(LoadResourcePresenter<String, ResourceViewSpy>.loadError(in: Locale(identifier: localeIdentifier)) == expectedMessage)
    }

    @Test func errorViewModel_noErrorHasNoMessageAndErrorHasTheMessage() {
        #expect(ResourceErrorViewModel.noError.message == nil)
        #expect(ResourceErrorViewModel.error(message: "a message").message == "a message")
    }

    // MARK: - Helpers

    private struct MappingError: Error {}

    private func makeSUT(
        mapper: @escaping (String) throws -> String = { $0 },
        locale: Locale = Locale(identifier: "en_US")
    ) -> (sut: LoadResourcePresenter<String, ResourceViewSpy>, view: ResourceViewSpy) {
        let view = ResourceViewSpy()
        let sut = LoadResourcePresenter(resourceView: view, loadingView: view, errorView: view, mapper: mapper, locale: locale)
        return (sut, view)
    }
}
