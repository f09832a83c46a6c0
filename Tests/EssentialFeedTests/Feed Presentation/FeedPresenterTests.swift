import Foundation
import Testing
import EssentialFeed

@Suite("Feed presenter")
struct FeedPresenterTests {
    @Test func title_isTheEnglishFeedTitle() {
        #expect(FeedPresenter.title == "My Feed")
    }

    @Test(arguments: [
        ("en_US", "My Feed"),
        ("pt_BR", "Meu Feed"),
        ("el_GR", "Το Feed μου"),
        ("fr_FR", "My Feed"),
    ])
    func titleInLocale_isTheLocalizedFeedTitle(localeIdentifier: String, expectedTitle: String) {
        #expect(FeedPresenter.title(in: Locale(identifier: localeIdentifier)) == expectedTitle)
    }

    @Test(arguments: [
        ("en", "No images in your feed yet."),
        ("pt-BR", "Ainda não há imagens no seu feed."),
        ("el", "Δεν υπάρχουν ακόμη εικόνες στο feed σας."),
    ])
    func feedStrings_areLocalizedInTheFeedTable(localeIdentifier: String, expectedEmptyState: String) {
        #expect(FeedStrings.emptyState.localized(in: Locale(identifier: localeIdentifier)) == expectedEmptyState)
    }
}
