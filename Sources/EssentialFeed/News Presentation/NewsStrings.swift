/// The strings of the news screens.
public enum NewsStrings: String, LocalizedStringTable {
    case title = "NEWS_VIEW_TITLE"
    case featured = "NEWS_FEATURED"
    case latest = "NEWS_LATEST"
    /// Holds how long ago: use `NewsPresenter.map(_:currentDate:calendar:locale:)`.
    case updated = "NEWS_UPDATED"
    case sponsored = "NEWS_SPONSORED"
    /// Holds the advertiser: use `NewsPresenter.map(_:currentDate:calendar:locale:)`.
    case advertBy = "NEWS_ADVERT_BY"
    case opensInNewTab = "NEWS_OPENS_IN_NEW_TAB"
    case emptyState = "NEWS_EMPTY_STATE"

    public static var tableName: String { "News" }
}
