/// The strings every screen shares.
public enum SharedStrings: String, LocalizedStringTable {
    case connectionError = "GENERIC_CONNECTION_ERROR"
    case notFoundError = "SHARED_NOT_FOUND_ERROR"
    case retry = "SHARED_RETRY"
    case dismissError = "SHARED_DISMISS_ERROR"
    case refresh = "SHARED_REFRESH"
    case loading = "SHARED_LOADING"
    case pullToRefresh = "SHARED_PULL_TO_REFRESH"
    case releaseToRefresh = "SHARED_RELEASE_TO_REFRESH"
    case pageNotFoundTitle = "SHARED_PAGE_NOT_FOUND_TITLE"
    case pageNotFoundMessage = "SHARED_PAGE_NOT_FOUND_MESSAGE"
    case goToFeed = "SHARED_GO_TO_FEED"
    case relativeNow = "SHARED_RELATIVE_NOW"
    case relativeMinute = "SHARED_RELATIVE_MINUTE"
    case relativeMinutes = "SHARED_RELATIVE_MINUTES"
    case relativeHour = "SHARED_RELATIVE_HOUR"
    case relativeHours = "SHARED_RELATIVE_HOURS"
    case relativeDay = "SHARED_RELATIVE_DAY"
    case relativeDays = "SHARED_RELATIVE_DAYS"
    case relativeWeek = "SHARED_RELATIVE_WEEK"
    case relativeWeeks = "SHARED_RELATIVE_WEEKS"
    case relativeMonth = "SHARED_RELATIVE_MONTH"
    case relativeMonths = "SHARED_RELATIVE_MONTHS"
    case relativeYear = "SHARED_RELATIVE_YEAR"
    case relativeYears = "SHARED_RELATIVE_YEARS"

    public static var tableName: String { "Shared" }
}
