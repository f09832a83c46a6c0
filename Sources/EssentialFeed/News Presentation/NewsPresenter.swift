import Foundation

/// A story as a row (or the featured card) shows it.
public struct NewsStoryRowViewModel: Hashable, Sendable {
    public let id: UUID
    public let headline: String
    public let teaser: String
    public let image: NewsImage
    public let updatedAt: Date
    /// "Updated 5 minutes ago", in the reader's language.
    public let updated: String
}

public struct NewsWebLinkRowViewModel: Hashable, Sendable {
    public let id: UUID
    public let headline: String
    public let url: URL
    public let image: NewsImage?
    public let updatedAt: Date
    public let updated: String
    /// Said with the link, so no one is surprised by the new tab.
    public let opensInNewTab: String
}

public struct NewsAdvertRowViewModel: Hashable, Sendable {
    public let id: UUID
    public let url: URL
    public let image: NewsImage
    public let advertiser: String
    /// "Sponsored": an advert always says it is one.
    public let sponsored: String
    /// "Advert by Whisker & Co.", the link's accessible name.
    public let label: String
    /// What the advert offers, shown under its link when the advertiser said.
    public let offer: String?
    public let opensInNewTab: String
}

public enum NewsRowViewModel: Hashable, Sendable {
    case story(NewsStoryRowViewModel)
    case webLink(NewsWebLinkRowViewModel)
    case advert(NewsAdvertRowViewModel)
}

/// The news screen: the featured story on top, then the latest items in the API's order.
public struct NewsViewModel: Hashable, Sendable {
    public let title: String
    public let featured: NewsStoryRowViewModel?
    public let latest: [NewsRowViewModel]
}

public enum NewsPresenter {
    public static func title(in locale: Locale) -> String {
        NewsStrings.title.localized(in: locale)
    }

    /// The first story is featured and not repeated among the latest; the others keep the
    /// API's order (stories and links newest update first, adverts where the API put them).
    /// Dates are told relative to `currentDate` in the locale's language.
    public static func map(_ list: NewsList, currentDate: Date, calendar: Calendar, locale: Locale) -> NewsViewModel {
        let featuredIndex = list.items.firstIndex { if case .story = $0 { true } else { false } }
        var featured: NewsStoryRowViewModel?
        var latest: [NewsRowViewModel] = []
        let words = RowWords(locale: locale)
        let updated = { (date: Date) in words.updated.filled(with: words.dates.text(of: date, to: currentDate, calendar: calendar)) }
        for (index, item) in list.items.enumerated() {
            switch item {
            case let .story(story):
                let row = NewsStoryRowViewModel(
                    id: story.id, headline: story.headline, teaser: story.teaser, image: story.image, updatedAt: story.updatedAt,
                    updated: updated(story.updatedAt))
                if index == featuredIndex { featured = row } else { latest.append(.story(row)) }
            case let .webLink(link):
                latest.append(
                    .webLink(
                        NewsWebLinkRowViewModel(
                            id: link.id, headline: link.headline, url: link.url, image: link.image, updatedAt: link.updatedAt,
                            updated: updated(link.updatedAt), opensInNewTab: words.opensInNewTab)))
            case let .advert(advert):
                latest.append(
                    .advert(
                        NewsAdvertRowViewModel(
                            id: advert.id, url: advert.url, image: advert.image, advertiser: advert.advertiser,
                            sponsored: words.sponsored, label: words.advertBy.filled(with: advert.advertiser), offer: advert.offer,
                            opensInNewTab: words.opensInNewTab)))
            }
        }
        return NewsViewModel(title: list.title.isEmpty ? title(in: locale) : list.title, featured: featured, latest: latest)
    }

    /// "Updated 59 minutes ago", "Updated 1 hour ago", "Updated 1 day ago": whole units,
    /// each unit from the first whole one.
    public static func updated(_ date: Date, currentDate: Date, calendar: Calendar, locale: Locale) -> String {
        NewsStrings.updated.localized(in: locale, with: RelativeDate.text(of: date, to: currentDate, calendar: calendar, locale: locale))
    }

    /// What every row of a list says alike, looked up once for the list.
    private struct RowWords {
        let dates: RelativeDate
        let updated: LocalizedTemplate
        let opensInNewTab: String
        let sponsored: String
        let advertBy: LocalizedTemplate

        init(locale: Locale) {
            dates = RelativeDate(locale: locale)
            updated = NewsStrings.updated.template(in: locale)
            opensInNewTab = NewsStrings.opensInNewTab.localized(in: locale)
            sponsored = NewsStrings.sponsored.localized(in: locale)
            advertBy = NewsStrings.advertBy.template(in: locale)
        }
    }
}
