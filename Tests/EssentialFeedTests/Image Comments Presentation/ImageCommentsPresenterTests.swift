import EssentialFeed
import Foundation
import Testing

@Suite("Image comments presenter")
struct ImageCommentsPresenterTests {
    @Test func title_isTheEnglishCommentsTitle() {
        #expect(ImageCommentsPresenter.title == "Comments")
    }

    @Test(arguments: [
        ("en_US", "Comments"),
        ("pt_BR", "Comentários"),
        ("el_GR", "Σχόλια"),
        ("fr_FR", "Comments")
    ])
    func titleInLocale_isTheLocalizedCommentsTitle(localeIdentifier: String, expectedTitle: String) {
        #expect(ImageCommentsPresenter.title(in: Locale(identifier: localeIdentifier)) == expectedTitle)
    }

    @Test func map_createsViewModelsInTheOrderOfTheComments() {
        let comments = [
            ImageComment(id: UUID(), message: "a message", createdAt: date(.minute, -5), username: "a username"),
            ImageComment(id: UUID(), message: "another message", createdAt: date(.day, -1), username: "another username")
        ]

        let viewModel = ImageCommentsPresenter.map(comments, currentDate: now, calendar: calendar, locale: Locale(identifier: "en_US"))

        #expect(
            viewModel.comments == [
                ImageCommentViewModel(message: "a message", date: "5 minutes ago", username: "a username"),
                ImageCommentViewModel(message: "another message", date: "1 day ago", username: "another username")
            ])
    }

    @Test func map_deliversNoViewModelsForNoComments() {
        let viewModel = ImageCommentsPresenter.map([], currentDate: now, calendar: calendar, locale: Locale(identifier: "en_US"))

        #expect(viewModel.comments.isEmpty)
    }

    @Test(arguments: [
        RelativeDateCase(.minute, -1, en: "1 minute ago", pt: "há 1 minuto", el: "πριν από 1 λεπτό"),
        RelativeDateCase(.minute, -5, en: "5 minutes ago", pt: "há 5 minutos", el: "πριν από 5 λεπτά"),
        RelativeDateCase(.hour, -1, en: "1 hour ago", pt: "há 1 hora", el: "πριν από 1 ώρα"),
        RelativeDateCase(.hour, -2, en: "2 hours ago", pt: "há 2 horas", el: "πριν από 2 ώρες"),
        RelativeDateCase(.day, -1, en: "1 day ago", pt: "há 1 dia", el: "πριν από 1 ημέρα"),
        RelativeDateCase(.day, -3, en: "3 days ago", pt: "há 3 dias", el: "πριν από 3 ημέρες"),
        RelativeDateCase(.month, -1, en: "1 month ago", pt: "há 1 mês", el: "πριν από 1 μήνα"),
        RelativeDateCase(.month, -4, en: "4 months ago", pt: "há 4 meses", el: "πριν από 4 μήνες"),
        RelativeDateCase(.year, -1, en: "1 year ago", pt: "há 1 ano", el: "πριν από 1 έτος"),
        RelativeDateCase(.year, -2, en: "2 years ago", pt: "há 2 anos", el: "πριν από 2 έτη")
    ])
    func map_formatsTheCommentDateRelativeToTheCurrentDateInTheLocalesLanguage(_ testCase: RelativeDateCase) {
        let comment = ImageComment(id: UUID(), message: "a message", createdAt: date(testCase.component, testCase.value), username: "a username")

        for (localeIdentifier, expectedDate) in [("en_US", testCase.en), ("pt_BR", testCase.pt), ("el_GR", testCase.el)] {
            let viewModel = ImageCommentsPresenter.map([comment], currentDate: now, calendar: calendar, locale: Locale(identifier: localeIdentifier))

            #expect(viewModel.comments.map(\.date) == [expectedDate], "\(localeIdentifier)")
        }
    }

    @Test(arguments: [
        ("en", "Comment by a username"),
        ("pt-BR", "Comentário de a username"),
        ("el", "Σχόλιο του χρήστη a username")
    ])
    func accessibilityLabel_namesTheCommentsAuthorInTheLocalesLanguage(localeIdentifier: String, expectedLabel: String) {
        let comment = ImageCommentViewModel(message: "a message", date: "1 day ago", username: "a username")

        #expect(ImageCommentsPresenter.accessibilityLabel(for: comment, in: Locale(identifier: localeIdentifier)) == expectedLabel)
    }

    // MARK: - Helpers

    struct RelativeDateCase: Sendable, CustomTestStringConvertible {
        let component: Calendar.Component
        let value: Int
        let en: String
        let pt: String
        let el: String

        init(_ component: Calendar.Component, _ value: Int, en: String, pt: String, el: String) {
            self.component = component
            self.value = value
            self.en = en
            self.pt = pt
            self.el = el
        }

        var testDescription: String { en }
    }

    /// 2020-05-20T11:24:59Z, a Wednesday.
    private let now = Date(timeIntervalSince1970: 1_589_973_899)

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    private func date(_ component: Calendar.Component, _ value: Int) -> Date {
        calendar.date(byAdding: component, value: value, to: now) ?? now
    }
}
