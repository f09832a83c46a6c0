import FeedAPIStorage
import Foundation
import Logging
import PostgresNIO
import PostgresSupport

/// Accounts, tokens and log-in throttling on PostgreSQL, shared by every API instance: a
/// token issued by one is accepted by all, ended by one is refused by all, and a throttled
/// username is throttled everywhere.
package struct PostgresAccountStore: AccountStore {
    let client: PostgresClient
    let deadline: DatabaseDeadline
    let logger: Logger

    /// SQLSTATE of a unique constraint's violation.
    static let uniqueViolation = "23505"

    package func createAccount(username: Username, name: String, passwordHash: String, createdAt: Date) async throws -> Account {
        try await deadline.bounded { [self] in
            do {
                let rows = try await client.query(
                    """
                    INSERT INTO account (username, name, search_name, password_hash, created_at)
                    VALUES (\(username.value), \(name), \(PeopleSearch.folded(name)), \(passwordHash), \(createdAt.timeIntervalSince1970)) RETURNING id
                    """, logger: logger)
                for try await id in rows.decode(Int64.self) {
                    return Account(id: id, username: username, name: name, passwordHash: passwordHash, createdAt: createdAt)
                }
                throw CorruptData(detail: "account \(username) without id")
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
                throw AccountStoreError.usernameTaken(username)
            }
        }
    }

    package func account(named username: Username) async throws -> Account? {
        try await deadline.bounded { [self] in
            try await Self.accounts(
                from: try await client.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM account WHERE lower(username) = lower(\(username.value))
                    """, logger: logger)
            ).first
        }
    }

    package func accounts() async throws -> [Account] {
        try await deadline.bounded { [self] in
            try await Self.accounts(from: try await client.query("SELECT \(unescaped: Self.columns) FROM account ORDER BY username", logger: logger))
        }
    }

    package func removeAccount(named username: Username) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                try await PostgresFeedRepository.exists(
                    "WITH removed AS (DELETE FROM account WHERE lower(username) = lower(\(username.value)) RETURNING 1) SELECT EXISTS (SELECT 1 FROM removed)",
                    on: connection, logger: logger)
            }
        }
    }

    package func setPasswordHash(_ passwordHash: String, forAccountNamed username: Username) async throws -> Bool {
        try await deadline.bounded { [self] in
            try await client.transaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    UPDATE account SET password_hash = \(passwordHash) WHERE lower(username) = lower(\(username.value)) RETURNING id
                    """, logger: logger)
                var accountID: Int64?
                for try await id in rows.decode(Int64.self) { accountID = id }
                guard let accountID else { return false }
                try await connection.query("DELETE FROM api_token WHERE account_id = \(accountID)", logger: logger)
                return true
            }
        }
    }

    package func deleteToken(hash: Data) async throws {
        try await deadline.bounded { [self] in
            try await client.query("DELETE FROM api_token WHERE token_hash = \(hash)", logger: logger)
        }
    }

    /// Simultaneous attempts for one username take turns under a lock of that username, so
    /// of any number of them at most the limit are let through, whichever instance they reach.
    package func admitLogInAttempt(username: String, clientAddress: String, at date: Date, throttle: LogInThrottle) async throws -> LogInAdmission {
        try await deadline.bounded { [self] in
            let username = username.lowercased()
            let windowStart = throttle.windowStart(at: date)
            return try await client.transaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(username), 0))", logger: logger)
                try await connection.query("DELETE FROM log_in_attempt WHERE attempted_at <= \(windowStart)", logger: logger)
                let fromAddress = try await Self.times(
                    try await connection.query(
                        """
                        SELECT attempted_at FROM log_in_attempt WHERE username = \(username) AND client_address = \(clientAddress)
                        ORDER BY attempted_at DESC LIMIT \(throttle.perAddress)
                        """, logger: logger))
                let fromEverywhere = try await Self.times(
                    try await connection.query(
                        """
                        SELECT attempted_at FROM log_in_attempt WHERE username = \(username)
                        ORDER BY attempted_at DESC LIMIT \(throttle.perAccount)
                        """, logger: logger))
                if let until = throttle.refusal(newestFromAddress: fromAddress, newestFromEverywhere: fromEverywhere) {
                    return .throttled(until: until)
                }
                try await connection.query(
                    """
                    INSERT INTO log_in_attempt (username, client_address, attempted_at)
                    VALUES (\(username), \(clientAddress), \(date.timeIntervalSince1970))
                    """, logger: logger)
                return .admitted(LogInAttempt(username: username, clientAddress: clientAddress, startedAt: date))
            }
        }
    }

    package func logInSucceeded(_ attempt: LogInAttempt) async throws {
        try await deadline.bounded { [self] in
            try await client.query(
                """
                DELETE FROM log_in_attempt WHERE username = \(attempt.username) AND client_address = \(attempt.clientAddress)
                """, logger: logger)
        }
    }

    package func forgetLogInAttempt(_ attempt: LogInAttempt) async throws {
        try await deadline.bounded { [self] in
            try await client.query(
                """
                DELETE FROM log_in_attempt WHERE ctid = (
                    SELECT ctid FROM log_in_attempt
                    WHERE username = \(attempt.username) AND client_address = \(attempt.clientAddress)
                        AND attempted_at = \(attempt.startedAt.timeIntervalSince1970)
                    LIMIT 1)
                """, logger: logger)
        }
    }

    package func logInAttemptCount() async throws -> Int {
        try await deadline.bounded { [self] in
            for try await count in try await client.query("SELECT count(*) FROM log_in_attempt", logger: logger).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    static let columns = "id, username, name, password_hash, created_at"

    static func accounts(from rows: PostgresRowSequence) async throws -> [Account] {
        var accounts: [Account] = []
        for try await (id, username, name, passwordHash, createdAt) in rows.decode((Int64, String, String, String, Double).self) {
            guard let username = Username(username) else { continue }
            accounts.append(
                Account(
                    id: id, username: username, name: name, passwordHash: passwordHash, createdAt: Date(timeIntervalSince1970: createdAt)))
        }
        return accounts
    }

    static func times(_ rows: PostgresRowSequence) async throws -> [Double] {
        var times: [Double] = []
        for try await time in rows.decode(Double.self) { times.append(time) }
        return times
    }
}
