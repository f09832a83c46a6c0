import EssentialFeed
import Foundation
import Testing

@Suite struct NewsPresenterTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)
    private static let minute: TimeInterval = 60
    private static let hour: TimeInterval = 3_600

    @Test(arguments: [
        ("en", 59 * minute, "Updated 59 minutes ago"), ("en", 60 * minute, "Updated 1 hour ago"),
        ("en", 23 * hour, "Updated 23 hours ago"), ("en", 24 * hour, "Updated 1 day ago"),
        ("en", 59, "Updated just now"), ("en", minute, "Updated 1 minute ago"),
        ("pt-BR", 59 * minute, "Atualizado há 59 minutos"), ("pt-BR", 60 * minute, "Atualizado há 1 hora"),
        ("pt-BR", 23 * hour, "Atualizado há 23 horas"), ("pt-BR", 24 * hour, "Atualizado há 1 dia"),
        ("es", 59 * minute, "Actualizado hace 59 minutos"), ("es", 60 * minute, "Actualizado hace 1 hora"),
        ("es", 23 * hour, "Actualizado hace 23 horas"), ("es", 24 * hour, "Actualizado hace 1 día"),
        ("el", 59 * minute, "Ενημερώθηκε πριν από 59 λεπτά"), ("el", 60 * minute, "Ενημερώθηκε πριν από 1 ώρα"),
        ("el", 23 * hour, "Ενημερώθηκε πριν από 23 ώρες"), ("el", 24 * hour, "Ενημερώθηκε πριν από 1 ημέρα")
    ])
    func updated_changesUnitAtEachBoundary_inEveryLanguage(language: String, age: TimeInterval, expected: String) {
        let text = NewsPresenter.updated(
            Self.now.addingTimeInterval(-age), currentDate: Self.now, calendar: Self.calendar, locale: Locale(identifier: language))

        #expect(text == expected)
    }

    @Test func map_featuresTheFirstStory_andListsTheRestInTheAPIsOrder() {
        let advert = NewsItem.advert(NewsAdvert(id: UUID(), url: URL(string: "https://example.com/ad")!, image: Self.image, advertiser: "Whisker & Co.", offer: "Free delivery on every order"))
        let link = NewsItem.webLink(
            NewsWebLink(
                id: UUID(), headline: "Reading tails", url: URL(string: "https://example.org/tails")!, image: nil,
                createdAt: Self.now, updatedAt: Self.now.addingTimeInterval(-2 * Self.hour)))
        let first = Self.story("First", updatedAgo: 3 * Self.hour)
        let second = Self.story("Second", updatedAgo: 5 * Self.hour)

        let viewModel = NewsPresenter.map(
            NewsList(title: "Cat News", items: [advert, link, first, second]), currentDate: Self.now, calendar: Self.calendar,
            locale: Locale(identifier: "en"))

        #expect(viewModel.title == "Cat News")
        #expect(viewModel.featured?.headline == "First")
        #expect(viewModel.featured?.updated == "Updated 3 hours ago")
        #expect(viewModel.latest.map(Self.name) == ["advert Whisker & Co.", "link Reading tails", "story Second"])
        guard case let .advert(row) = viewModel.latest[0], case let .webLink(linkRow) = viewModel.latest[1] else {
            Issue.record("rows out of order")
            return
        }
        #expect(row.sponsored == "Sponsored")
        #expect(row.label == "Advert by Whisker & Co.")
        #expect(row.offer == "Free delivery on every order")
        #expect(linkRow.opensInNewTab == "(opens in a new tab)")
        #expect(linkRow.updated == "Updated 2 hours ago")
    }

    @Test func map_withoutStories_hasNoFeaturedStory_andAnUntitledListGetsTheScreensTitle() {
        let viewModel = NewsPresenter.map(
            NewsList(title: "", items: []), currentDate: Self.now, calendar: Self.calendar, locale: Locale(identifier: "pt-BR"))

        #expect(viewModel.featured == nil)
        #expect(viewModel.latest.isEmpty)
        #expect(viewModel.title == "Notícias")
    }

    // MARK: - Helpers

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private static let image = NewsImage(
        url: URL(string: "https://api.example/regular.jpg")!, alternativeText: "A cat", photo: FeedPhoto(width: 720, height: 540))

    private static func story(_ headline: String, updatedAgo age: TimeInterval) -> NewsItem {
        .story(
            NewsStorySummary(
                id: UUID(), headline: headline, teaser: "About \(headline)", image: image,
                createdAt: now.addingTimeInterval(-age - hour), updatedAt: now.addingTimeInterval(-age)))
    }

    private static func name(_ row: NewsRowViewModel) -> String {
        switch row {
        case let .story(story): "story \(story.headline)"
        case let .webLink(link): "link \(link.headline)"
        case let .advert(advert): "advert \(advert.advertiser)"
        }
    }
}

@Suite struct NewsStoryPresenterTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 14 November 2023, 22:13 UTC

    @Test(arguments: [
        ("en", "Published November 14, 2023", "Updated 3 hours ago"),
        ("el", "Δημοσιεύθηκε 14 Νοεμβρίου 2023", "Ενημερώθηκε πριν από 3 ώρες"),
        ("pt-BR", "Publicado em 14 de novembro de 2023", "Atualizado há 3 horas")
    ])
    func map_tellsThePublishedDateAndHowLongAgoItWasUpdated(language: String, published: String, updated: String) {
        let story = Self.story(createdAt: Self.now.addingTimeInterval(-5 * 3_600), updatedAt: Self.now.addingTimeInterval(-3 * 3_600))

        let viewModel = NewsPresenter.map(story, currentDate: Self.now, calendar: Self.calendar, locale: Locale(identifier: language))

        #expect(viewModel.published == published)
        #expect(viewModel.updated == updated)
    }

    @Test func map_keepsTheBlocksInReadingOrder_andSaysNothingOfAnUpdateThatNeverHappened() {
        let story = Self.story(createdAt: Self.now.addingTimeInterval(-60), updatedAt: Self.now.addingTimeInterval(-60))

        let viewModel = NewsPresenter.map(story, currentDate: Self.now, calendar: Self.calendar, locale: Locale(identifier: "en"))

        #expect(viewModel.updated == nil)
        #expect(viewModel.contents == [.paragraph("First"), .image(Self.decorative), .paragraph("Last")])
        #expect(viewModel.headline == "Cats at sea")
        #expect(viewModel.heroImage == Self.hero)
    }

    @Test(arguments: [
        (30.0, "en", "Offline — showing the news saved moments ago", "Offline — showing this story as saved moments ago"),
        (2 * 3_600.0, "en", "Offline — showing the news saved 2 hours ago", "Offline — showing this story as saved 2 hours ago"),
        (
            2 * 86_400.0, "es", "Sin conexión: mostrando las noticias guardadas hace 2 días",
            "Sin conexión: mostrando esta noticia tal como se guardó hace 2 días"
        )
    ])
    func offlineNotices_sayWhenTheCacheWasSaved(age: TimeInterval, language: String, list: String, story: String) {
        let savedAt = Self.now.addingTimeInterval(-age)
        let locale = Locale(identifier: language)

        #expect(NewsPresenter.offlineNotice(savedAt: savedAt, currentDate: Self.now, calendar: Self.calendar, locale: locale) == list)
        #expect(NewsPresenter.storyOfflineNotice(savedAt: savedAt, currentDate: Self.now, calendar: Self.calendar, locale: locale) == story)
    }

    @Test func storyNotSavedOffline_saysSoInTheReadersLanguage() {
        #expect(NewsStoryNotSavedOfflineError().message(in: Locale(identifier: "en")).hasPrefix("You're offline, and this story was not saved"))
        #expect(NewsStoryNotSavedOfflineError().message(in: Locale(identifier: "el")).hasPrefix("Είστε εκτός σύνδεσης"))
    }

    // MARK: - Helpers

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private static let hero = NewsImage(
        url: URL(string: "https://api.example/hero.jpg")!, alternativeText: "A cat on a boat", photo: FeedPhoto(width: 1080, height: 720))
    private static let decorative = NewsImage(
        url: URL(string: "https://api.example/waves.jpg")!, alternativeText: "", photo: FeedPhoto(width: 400, height: 300))

    private static func story(createdAt: Date, updatedAt: Date) -> NewsStory {
        NewsStory(
            id: UUID(), headline: "Cats at sea", heroImage: hero, createdAt: createdAt, updatedAt: updatedAt,
            contents: [.paragraph("First"), .image(decorative), .paragraph("Last")])
    }
}
