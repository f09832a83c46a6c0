import EssentialFeed
import Foundation
import Testing

@Suite struct ProfilePresenterTests {
    @Test(arguments: [
        ("en", 3 * 3_600.0, "Offline — showing this profile as saved 3 hours ago"),
        ("pt-BR", 2 * 86_400.0, "Sem conexão — mostrando este perfil como foi salvo há 2 dias"),
        ("es", 5 * 60.0, "Sin conexión: mostrando este perfil tal como se guardó hace 5 minutos"),
        ("en", 59.0, "Offline — showing this profile as saved moments ago"),
        ("el", 0.0, "Εκτός σύνδεσης — εμφανίζεται το προφίλ όπως αποθηκεύτηκε πριν από λίγο")
    ])
    func offlineNotice_namesTheProfileAndHowLongAgoItWasSaved(language: String, age: TimeInterval, expected: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let locale = Locale(identifier: language)
        calendar.locale = locale

        let notice = ProfilePresenter.offlineNotice(savedAt: now.addingTimeInterval(-age), currentDate: now, calendar: calendar, locale: locale)

        #expect(notice == expected)
    }
}
