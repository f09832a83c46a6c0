import EssentialFeed
import Foundation
import Testing

@Suite("Feed image presenter")
struct FeedImagePresenterTests {
    @Test func map_createsViewModelWithDescriptionAndLocation() {
        let image = makeFeedImage(description: "a description", location: "a location")

        let viewModel = FeedImagePresenter.map(image)

        #expect(viewModel == FeedImageViewModel(description: "a description", location: "a location"))
        #expect(viewModel.hasLocation)
    }

    @Test func map_carriesTheContentWarning_andWhetherItsOwnerEditedIt() {
        var image = makeFeedImage(description: nil, location: nil)
        image.contentWarning = "Heights"
        image.editedAt = Date(timeIntervalSince1970: 1_795_855_200)

        let viewModel = FeedImagePresenter.map(image)

        #expect(viewModel.contentWarning == "Heights")
        #expect(viewModel.isEdited)
        #expect(!FeedImagePresenter.map(makeFeedImage(description: nil, location: nil)).isEdited)
    }

    @Test func map_createsViewModelWithoutLocationForImageWithoutLocation() {
        let image = makeFeedImage(description: nil, location: nil)

        let viewModel = FeedImagePresenter.map(image)

        #expect(viewModel.description == nil)
        #expect(viewModel.location == nil)
        #expect(!viewModel.hasLocation)
    }

    @Test(arguments: [
        ("en", "Photo, location: Lisbon, Portugal"),
        ("pt-BR", "Foto, local: Lisbon, Portugal"),
        ("el", "Φωτογραφία, τοποθεσία: Lisbon, Portugal")
    ])
    func alternativeText_namesTheLocationInTheLocalesLanguage(localeIdentifier: String, expectedText: String) {
        let viewModel = FeedImageViewModel(description: nil, location: "Lisbon, Portugal")

        #expect(FeedImagePresenter.alternativeText(for: viewModel, in: Locale(identifier: localeIdentifier)) == expectedText)
    }

    @Test func alternativeText_keepsPlaceholderLikeTextOfTheLocationAsIs() {
        let viewModel = FeedImageViewModel(description: nil, location: "100%@home")

        #expect(FeedImagePresenter.alternativeText(for: viewModel, in: Locale(identifier: "en")) == "Photo, location: 100%@home")
    }

    @Test(arguments: [
        ("en", "Feed photo"),
        ("pt-BR", "Foto do feed"),
        ("el", "Φωτογραφία του feed")
    ])
    func alternativeText_isGenericForImageWithoutLocation(localeIdentifier: String, expectedText: String) {
        let viewModel = FeedImageViewModel(description: "a description", location: nil)

        #expect(FeedImagePresenter.alternativeText(for: viewModel, in: Locale(identifier: localeIdentifier)) == expectedText)
    }

    @Test func alternativeText_isWhatThePosterWrote_whenThereIsSome() {
        let image = FeedImage(id: UUID(), description: nil, location: "Lisbon", url: URL(string: "https://an-image-url.com")!, alternativeText: "Blue tiles on a wall")

        let viewModel = FeedImagePresenter.map(image)

        #expect(FeedImagePresenter.alternativeText(for: viewModel, in: Locale(identifier: "en")) == "Blue tiles on a wall")
    }

    @Test(
        arguments: [
            ("en", nil, "Comments"), ("en", 0, "0 comments"), ("en", 1, "1 comment"), ("en", 12, "12 comments"),
            ("es", 1, "1 comentario"), ("pt-BR", 3, "3 comentários"), ("el", 2, "2 σχόλια"), ("el", 1, "1 σχόλιο")
        ] as [(String, Int?, String)])
    func commentsLabel_countsTheCommentsWhenKnown(localeIdentifier: String, count: Int?, expected: String) {
        let image = FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "https://an-image-url.com")!, commentCount: count)

        #expect(FeedImagePresenter.commentsLabel(for: FeedImagePresenter.map(image), in: Locale(identifier: localeIdentifier)) == expected)
    }

    @Test(
        arguments: [
            ("en", nil, "Comments"), ("en", 1, "1 comment"), ("en", 12, "12 comments"),
            ("pt-BR", 3, "3 comentários"), ("el", 1, "1 σχόλιο")
        ] as [(String, Int?, String)])
    func labels_nameEveryPhotosComments_withTheWordsLookedUpOnceForThePage(localeIdentifier: String, count: Int?, expected: String) {
        let labels = FeedImageLabels(locale: Locale(identifier: localeIdentifier))

        #expect(labels.commentsLabel(for: FeedImageViewModel(description: nil, location: nil, commentCount: count)) == expected)
        #expect(labels.commentsLabel(for: FeedImageViewModel(description: nil, location: nil, commentCount: count)) == expected, "the same labels serve every item")
    }

    @Test func labels_describeEachPhoto_byWhatWasWrittenOrWhereItWasTaken() {
        let labels = FeedImageLabels(locale: Locale(identifier: "pt-BR"))

        #expect(labels.alternativeText(for: FeedImageViewModel(description: nil, location: "Lisboa")) == "Foto, local: Lisboa")
        #expect(labels.alternativeText(for: FeedImageViewModel(description: nil, location: "50%@praia")) == "Foto, local: 50%@praia")
        #expect(labels.alternativeText(for: FeedImageViewModel(description: "d", location: nil)) == "Foto do feed")
        #expect(labels.alternativeText(for: FeedImageViewModel(description: nil, location: "Lisboa", alternativeText: "Azulejos")) == "Azulejos")
    }

    // MARK: - Helpers

    private func makeFeedImage(description: String?, location: String?) -> FeedImage {
        FeedImage(id: UUID(), description: description, location: location, url: URL(string: "https://an-image-url.com")!)
    }
}
