import EssentialFeed
import Foundation
import Testing

@Suite("Feed presenter")
struct FeedPresenterTests {
    @Test func title_isTheEnglishFeedTitle() {
        #expect(FeedPresenter.title == "My Feed")
    }

    @Test(arguments: [
        ("en_US", "My Feed"),
        ("pt_BR", "Meu Feed"),
        ("el_GR", "Το Feed μου"),
        ("fr_FR", "My Feed")
    ])
    func titleInLocale_isTheLocalizedFeedTitle(localeIdentifier: String, expectedTitle: String) {
        #expect(FeedPresenter.title(in: Locale(identifier: localeIdentifier)) == expectedTitle)
    }

    @Test(arguments: [
        ("en", "No images in your feed yet."),
        ("pt-BR", "Ainda não há imagens no seu feed."),
        ("el", "Δεν υπάρχουν ακόμη εικόνες στο feed σας.")
    ])
    func feedStrings_areLocalizedInTheFeedTable(localeIdentifier: String, expectedEmptyState: String) {
        #expect(FeedStrings.emptyState.localized(in: Locale(identifier: localeIdentifier)) == expectedEmptyState)
    }

    @Test(arguments: [
        ("en", 3 * 3_600.0, "Offline — showing the feed saved 3 hours ago"),
        ("pt-BR", 2 * 86_400.0, "Sem conexão — mostrando o feed salvo há 2 dias"),
        ("es", 5 * 60.0, "Sin conexión: mostrando el feed guardado hace 5 minutos"),
        ("en", 59.0, "Offline — showing the feed saved moments ago"),
        ("el", 0.0, "Εκτός σύνδεσης — εμφανίζεται η ροή που αποθηκεύτηκε πριν από λίγο")
    ])
    func offlineNotice_saysHowLongAgoTheShownFeedWasSaved(localeIdentifier: String, age: TimeInterval, expected: String) {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let locale = Locale(identifier: localeIdentifier)
        calendar.locale = locale

        let notice = FeedPresenter.offlineNotice(savedAt: now.addingTimeInterval(-age), currentDate: now, calendar: calendar, locale: locale)

        #expect(notice == expected)
    }
}
