import Foundation
import Testing

@testable import EssentialFeedWebUI

@Suite struct AppNavigationTests {
    @Test func navigation_isWrittenForItsOwnLanguageAndSection_whicheverWasWrittenBefore() {
        let greek = Locale(identifier: "el")
        let english = Locale(identifier: "en")

        let greekFeed = AppNavigation(current: .feed, locale: greek).html.rendered
        let englishNotifications = AppNavigation(current: .notifications, locale: english).html.rendered
        let greekNotifications = AppNavigation(current: .notifications, locale: greek).html.rendered
        let englishFeedAgain = AppNavigation(current: .feed, locale: english).html.rendered
        let outsideEverySection = AppNavigation(current: nil, locale: english).html.rendered

        #expect(greekFeed.contains("aria-label=\"Ειδοποιήσεις\""))
        #expect(englishNotifications.contains("aria-label=\"Notifications\""))
        #expect(greekNotifications.contains("aria-label=\"Ειδοποιήσεις\""))
        #expect(currentLinks(in: greekFeed) == ["/"])
        #expect(currentLinks(in: englishNotifications) == ["/notifications"])
        #expect(currentLinks(in: greekNotifications) == ["/notifications"])
        #expect(currentLinks(in: englishFeedAgain) == ["/"])
        #expect(currentLinks(in: outsideEverySection).isEmpty)
        #expect(AppNavigation(current: .feed, locale: greek).html.rendered == greekFeed)
    }

    /// The addresses of the links marked as the current page.
    private func currentLinks(in html: String) -> [String] {
        html.components(separatedBy: "<a ").dropFirst().compactMap { link in
            guard link.contains("aria-current=\"page\""), let start = link.range(of: "href=\"") else { return nil }
            return String(link[start.upperBound...].prefix { $0 != "\"" })
        }
    }
}
