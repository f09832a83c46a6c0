import EssentialFeed
import Foundation
import Testing

@Suite("Photo presenter")
struct PhotoPresenterTests {
    @Test(arguments: [
        ("en", "3,000 × 2,000 pixels"),
        ("pt-BR", "3.000 × 2.000 pixels"),
        ("el", "3.000 × 2.000 pixel"),
    ])
    func dimensions_sayWidthThenHeight_inTheLanguagesNumbers(language: String, expected: String) {
        let photo = FeedPhoto(width: 3000, height: 2000)

        #expect(PhotoPresenter.dimensions(of: photo, in: Locale(identifier: language)) == expected)
    }

    @Test(arguments: [
        ("en", "Posted 3 hours ago"),
        ("pt-BR", "Publicada há 3 horas"),
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
}
