import PostgresNIO
import _ConnectionPoolModule

/// An operation on the database that must end within a bound: waiting for a connection while
/// the database is down would otherwise last as long as the pool keeps retrying.
public struct DatabaseDeadline: Sendable {
    public let duration: Duration
    /// Where the operations are counted, if anywhere.
    package let poolUse: PoolUse?

    public init(_ duration: Duration) {
        self.init(duration, poolUse: nil)
    }

    package init(_ duration: Duration, poolUse: PoolUse?) {
        self.duration = duration
        self.poolUse = poolUse
    }

    /// `operation`'s result; `unavailable` when it has not ended within the deadline (it is
    /// cancelled, which gives up its wait for a connection) or when the database cannot be
    /// reached. Errors of the database itself (a constraint, say) and of the caller pass as they are.
    public func run<Result: Sendable>(
        unavailable: @Sendable (String) -> any Error, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let poolUse = poolUse
        let outcome = try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                guard let poolUse else { return try await operation() }
                return try await poolUse.measure(operation)
            }
            group.addTask {
                try await Task.sleep(for: duration)
                return nil
            }
            defer { group.cancelAll() }
            do {
                return try await group.next() ?? nil
            } catch let error as PSQLError where Self.isUnreachable(error) {
                throw unavailable("\(error.code)")
            } catch let error as ConnectionPoolError {
                throw unavailable("\(error)")
            }
        }
        guard let outcome else { throw unavailable("no answer within \(duration)") }
        return outcome
    }

    private static func isUnreachable(_ error: PSQLError) -> Bool {
        [.connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown].contains(error.code)
    }
}
