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

    public static var tableName: String { "Shared" }
}
