import Foundation
import GRDB

/// Accounts in the API's SQLite file, beside the feed (see the migration "Create accounts,
/// tokens and failed log-ins").
package struct SQLiteAccountStore: AccountStore {
    let database: DatabasePool

    package func createAccount(username: Username, name: String, passwordHash: String, createdAt: Date) async throws -> Account {
        do {
            return try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO account (username, name, search_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [username.value, name, PeopleSearch.folded(name), passwordHash, createdAt.timeIntervalSince1970])
                return Account(id: db.lastInsertedRowID, username: username, name: name, passwordHash: passwordHash, createdAt: createdAt)
            }
        } catch let error as DatabaseError where Self.isUsernameTaken(error) {
            throw AccountStoreError.usernameTaken(username)
        }
    }

    /// The username is someone's, or kept for someone who left.
    static func isUsernameTaken(_ error: DatabaseError) -> Bool {
        error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
            || (error.extendedResultCode == .SQLITE_CONSTRAINT_TRIGGER && error.message == "the username is reserved")
    }

    package func account(named username: Username) async throws -> Account? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE username = ?", arguments: [username.value]).flatMap(Self.account)
        }
    }

    package func accounts() async throws -> [Account] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY username").compactMap(Self.account)
        }
    }

    package func removeAccount(named username: Username) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM account WHERE username = ?", arguments: [username.value])
            return db.changesCount > 0
        }
    }

    package func setPasswordHash(_ passwordHash: String, forAccountNamed username: Username) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE username = ?", arguments: [passwordHash, username.value])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "DELETE FROM api_token WHERE account_id = (SELECT id FROM account WHERE username = ?)",
                arguments: [username.value])
            return true
        }
    }

    package func deleteToken(hash: Data) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM api_token WHERE token_hash = ?", arguments: [hash])
        }
    }

    package func admitLogInAttempt(username: String, clientAddress: String, at date: Date, throttle: LogInThrottle) async throws -> LogInAdmission {
        let username = username.lowercased()
        return try await database.write { db in
            try db.execute(sql: "DELETE FROM log_in_attempt WHERE attempted_at <= ?", arguments: [throttle.windowStart(at: date)])
            let fromAddress = try Double.fetchAll(
                db,
                sql: """
                    SELECT attempted_at FROM log_in_attempt WHERE username = ? AND client_address = ?
                    ORDER BY attempted_at DESC LIMIT ?
                    """,
                arguments: [username, clientAddress, throttle.perAddress])
            let fromEverywhere = try Double.fetchAll(
                db,
                sql: "SELECT attempted_at FROM log_in_attempt WHERE username = ? ORDER BY attempted_at DESC LIMIT ?",
                arguments: [username, throttle.perAccount])
            if let until = throttle.refusal(newestFromAddress: fromAddress, newestFromEverywhere: fromEverywhere) {
                return .throttled(until: until)
            }
            try db.execute(
                sql: "INSERT INTO log_in_attempt (username, client_address, attempted_at) VALUES (?, ?, ?)",
                arguments: [username, clientAddress, date.timeIntervalSince1970])
            return .admitted(LogInAttempt(username: username, clientAddress: clientAddress, startedAt: date))
        }
    }

    package func logInSucceeded(_ attempt: LogInAttempt) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM log_in_attempt WHERE username = ? AND client_address = ?",
                arguments: [attempt.username, attempt.clientAddress])
        }
    }

    package func forgetLogInAttempt(_ attempt: LogInAttempt) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM log_in_attempt WHERE rowid = (
                        SELECT rowid FROM log_in_attempt WHERE username = ? AND client_address = ? AND attempted_at = ? LIMIT 1)
                    """,
                arguments: [attempt.username, attempt.clientAddress, attempt.startedAt.timeIntervalSince1970])
        }
    }

    package func logInAttemptCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM log_in_attempt") ?? 0 }
    }

    static func account(from row: Row) -> Account? {
        guard let username = Username(row["username"]) else { return nil }
        return Account(
            id: row["id"], username: username, name: row["name"], passwordHash: row["password_hash"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
