import EssentialFeed
import Foundation

/// Finding people: a search box (a form that works without scripts) and, once searched,
/// those found, each leading to their profile.
public struct PeopleSearchScreen {
    public static let screenURL = "/search"

    /// What came of what was typed.
    public enum Outcome: Sendable {
        /// Nothing was searched for yet.
        case notAsked
        case found([User])
        /// Nothing, or more than a search may hold, was typed.
        case invalid
        /// The API could not say.
        case failed
    }

    private let context: ScreenContext
    private let typed: String
    private let outcome: Outcome

    /// - Parameter typed: what is in the box, as the person typed it.
    public init(
        typed: String, outcome: Outcome, locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount? = nil
    ) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
        self.typed = typed
        self.outcome = outcome
    }

    /// The screen's address with a search for `text`.
    public static func url(searchingFor text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return screenURL + "?q=" + (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }

    public var html: String {
        let locale = context.locale
        let title = ProfileStrings.searchTitle.localized(in: locale)
        let frame = ScreenFrame(context: context, title: title, section: .app(current: .people))
        let asked: Bool
        if case .notAsked = outcome { asked = false } else { asked = true }
        return frame.html(
            main: """
                <main class="screen people-search-screen">
                <form class="people-search-form" method="get" action="\(Self.screenURL)" role="search">
                <label for="people-search">\(ProfileStrings.searchLabel.localized(in: locale))</label>
                <div class="people-search-row"><input type="search" id="people-search" name="q" value="\(typed)" autocomplete="off" autocapitalize="none" spellcheck="false" enterkeyhint="search" required\(asked ? .empty : " autofocus" as HTML)>\
                <button type="submit" class="send-button">\(ProfileStrings.searchButton.localized(in: locale))</button></div>
                \(asked ? .empty : "<p class=\"form-hint\">\(ProfileStrings.searchHint.localized(in: locale))</p>\n" as HTML)</form>
                \(results(title: title))</main>
                """
        ).rendered
    }

    private func results(title: String) -> HTML {
        let locale = context.locale
        switch outcome {
        case .notAsked:
            return .empty
        case .invalid:
            return "<p class=\"form-error\" role=\"alert\">\(ProfileStrings.searchInvalid.localized(in: locale))</p>\n"
        case .failed:
            return "<p class=\"form-error\" role=\"alert\">\(ProfileStrings.searchError.localized(in: locale))</p>\n"
        case let .found(people) where people.isEmpty:
            let searched = PeopleSearchText.searched(typed) ?? typed
            return "<p class=\"empty-state\" role=\"status\">\(ProfilePresenter.noMatch(for: searched, locale: locale))</p>\n"
        case let .found(people):
            var rows = HTML.empty
            for person in people {
                rows += "<li class=\"person\">\(PersonLink.html(person))</li>\n"
            }
            return "<ul class=\"people\" aria-label=\"\(title)\">\n\(rows)</ul>\n"
        }
    }
}
