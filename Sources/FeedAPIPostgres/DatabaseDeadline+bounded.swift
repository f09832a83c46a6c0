import FeedAPIStorage
import PostgresNIO
import PostgresSupport

extension DatabaseDeadline {
    /// SQLSTATE `disk_full`.
    private static let diskFull = "53100"

    /// A request's operation within the deadline: `DatabaseUnavailable` when the database
    /// does not answer in time, `StorageFull` when it has no room for a write (the server
    /// answers 503 and 507, as it does on SQLite).
    @discardableResult
    func bounded<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
        do {
            return try await run(unavailable: { DatabaseUnavailable(reason: $0) }, operation)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.diskFull {
            throw StorageFull(message: error.serverInfo?[.message] ?? "could not extend a file")
        }
    }
}
