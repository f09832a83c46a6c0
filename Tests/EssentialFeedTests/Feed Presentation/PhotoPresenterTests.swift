import EssentialFeed
import Foundation
import Testing

@Suite("Photo presenter")
struct PhotoPresenterTests {
    @Test(arguments: [
        ("en", "3,000 × 2,000 pixels"),
        ("pt-BR", "3.000 × 2.000 pixels"),
        ("el", "3.000 × 2.000 pixel")
    ])
    func dimensions_sayWidthThenHeight_inTheLanguagesNumbers(language: String, expected: String) {
        let photo = FeedPhoto(width: 3000, height: 2000)

        #expect(PhotoPresenter.dimensions(of: photo, in: Locale(identifier: language)) == expected)
    }

    @Test(arguments: [
        ("en", "Posted 3 hours ago"),
        ("pt-BR", "Publicada há 3 horas")
    ])
    func postedLabel_tellsHowLongAgo(language: String, expected: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let locale = Locale(identifier: language)

        let label = PhotoPresenter.postedLabel(for: now.addingTimeInterval(-3 * 3600), currentDate: now, calendar: calendar, locale: locale)

        #expect(label == expected)
        #expect(PhotoPresenter.title(in: locale) == (language == "en" ? "Photo" : "Foto"))
    }

    @Test(arguments: [
        ("en", 3 * 3_600.0, "Offline — showing this photo as saved 3 hours ago"),
        ("pt-BR", 2 * 86_400.0, "Sem conexão — mostrando esta foto como foi salva há 2 dias"),
        ("es", 5 * 60.0, "Sin conexión: mostrando esta foto tal como se guardó hace 5 minutos"),
        ("en", 59.0, "Offline — showing this photo as saved moments ago"),
        ("el", 0.0, "Εκτός σύνδεσης — εμφανίζεται η φωτογραφία όπως αποθηκεύτηκε πριν από λίγο")
    ])
    func offlineNotice_namesThePhotoAndHowLongAgoItWasSaved(language: String, age: TimeInterval, expected: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let locale = Locale(identifier: language)
        calendar.locale = locale

        let notice = PhotoPresenter.offlineNotice(savedAt: now.addingTimeInterval(-age), currentDate: now, calendar: calendar, locale: locale)

        #expect(notice == expected)
    }
}
