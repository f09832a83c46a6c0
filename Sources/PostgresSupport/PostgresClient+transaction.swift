import Logging
import PostgresNIO

extension PostgresClient {
    /// `withTransaction`, throwing what the body threw (a store's own error, say) rather than
    /// the wrapper PostgresNIO puts around it; a failure to begin, commit or roll back stays wrapped.
    public func transaction<Result>(
        logger: Logger, isolation: isolated (any Actor)? = #isolation, _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        do {
            return try await withTransaction(logger: logger, isolation: isolation, body)
        } catch let error as PostgresTransactionError {
            if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
            throw error
        }
    }
}
