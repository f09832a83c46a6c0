import EssentialFeed
import Foundation
import Synchronization

/// The words a screen needs when the device has no connection and the service worker
/// answers from what it kept: the notices with `%@` for how long ago ("3 hours ago", told
/// by the same rules as the server's notices), and what says something was not kept.
/// Carried by every screen of a logged-in person, in their language.
struct OfflineTexts {
    let locale: Locale

    /// The texts as JSON, escaped for an attribute's value. The same for every screen in one
    /// language: written and escaped once per language the program speaks (a handful), then read.
    var attributeValue: HTML {
        let language = LocalizedStrings.language(for: locale)
        if let written = Self.writtenByLanguage.withLock({ $0[language] }) { return written }
        let value: HTML = "\(encoded)"
        Self.writtenByLanguage.withLock { $0[language] = value }
        return value
    }

    private static let writtenByLanguage = Mutex<[String: HTML]>([:])

    private var encoded: String {
        let texts: [String: String] = [
            "now": SharedStrings.relativeNow.localized(in: locale),
            "minute": SharedStrings.relativeMinute.localized(in: locale),
            "minutes": SharedStrings.relativeMinutes.localized(in: locale),
            "hour": SharedStrings.relativeHour.localized(in: locale),
            "hours": SharedStrings.relativeHours.localized(in: locale),
            "day": SharedStrings.relativeDay.localized(in: locale),
            "days": SharedStrings.relativeDays.localized(in: locale),
            "week": SharedStrings.relativeWeek.localized(in: locale),
            "weeks": SharedStrings.relativeWeeks.localized(in: locale),
            "month": SharedStrings.relativeMonth.localized(in: locale),
            "months": SharedStrings.relativeMonths.localized(in: locale),
            "year": SharedStrings.relativeYear.localized(in: locale),
            "years": SharedStrings.relativeYears.localized(in: locale),
            "feed": FeedStrings.offlineNotice.localized(in: locale),
            "feedJustSaved": FeedStrings.offlineNoticeJustSaved.localized(in: locale),
            "news": NewsStrings.offlineNotice.localized(in: locale),
            "newsJustSaved": NewsStrings.offlineNoticeJustSaved.localized(in: locale),
            "story": NewsStrings.storyOfflineNotice.localized(in: locale),
            "storyJustSaved": NewsStrings.storyOfflineNoticeJustSaved.localized(in: locale),
            "photo": FeedStrings.photoOfflineNotice.localized(in: locale),
            "photoJustSaved": FeedStrings.photoOfflineNoticeJustSaved.localized(in: locale),
            "profile": ProfileStrings.offlineNotice.localized(in: locale),
            "profileJustSaved": ProfileStrings.offlineNoticeJustSaved.localized(in: locale),
            "comments": ImageCommentsStrings.offlineNotice.localized(in: locale),
            "commentsJustSaved": ImageCommentsStrings.offlineNoticeJustSaved.localized(in: locale),
            "notSaved": SharedStrings.notSavedOffline.localized(in: locale),
            "moreNotSaved": FeedStrings.moreNotSavedOffline.localized(in: locale),
            "photoNotSaved": FeedStrings.photoNotSavedOffline.localized(in: locale)
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(texts)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}

/// What a device shows offline for a screen it never opened, in place of that screen: says
/// so plainly and leads to the feed; its script opens the screen once the connection is back.
/// The service worker keeps it from the start.
public struct NotSavedOfflinePage {
    public static let url = "/offline"

    private let context: ScreenContext

    public init(locale: Locale, language: String, assets: WebAssetLinks = WebAssetLinks(), account: SignedInAccount?) {
        context = ScreenContext(locale: locale, language: language, assets: assets, account: account)
    }

    public var html: String {
        let locale = context.locale
        return ScreenFrame(context: context, title: SharedStrings.notSavedOfflineTitle.localized(in: locale), script: "screen.js", section: .app(current: nil))
            .html(
                main: """
                    <main class="screen not-found" data-role="not-saved-offline">
                    <p>\(SharedStrings.notSavedOffline.localized(in: locale))</p>
                    <p><a class="go-to-feed" href="/">\(SharedStrings.goToFeed.localized(in: locale))</a><a class="go-to-feed" data-action="retry" href="/" hidden>\(SharedStrings.retry.localized(in: locale))</a></p>
                    </main>
                    """
            ).rendered
    }
}
