import Foundation
import GRDB

/// Accounts in the API's SQLite file, beside the feed (see the migration "Create accounts,
/// tokens and failed log-ins").
struct SQLiteAccountStore: AccountStore {
    let database: DatabasePool

    func createAccount(username: Username, name: String, passwordHash: String, createdAt: Date) async throws -> Account {
        do {
            return try await database.write { db in
                try db.execute(
                    sql: "INSERT INTO account (username, name, password_hash, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [username.value, name, passwordHash, createdAt.timeIntervalSince1970])
                return Account(id: db.lastInsertedRowID, username: username, name: name, passwordHash: passwordHash, createdAt: createdAt)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw AccountStoreError.usernameTaken(username)
        }
    }

    func account(named username: Username) async throws -> Account? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account WHERE username = ?", arguments: [username.value]).flatMap(Self.account)
        }
    }

    func accounts() async throws -> [Account] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY username").compactMap(Self.account)
        }
    }

    func removeAccount(named username: Username) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM account WHERE username = ?", arguments: [username.value])
            return db.changesCount > 0
        }
    }

    func setPasswordHash(_ passwordHash: String, forAccountNamed username: Username) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE username = ?", arguments: [passwordHash, username.value])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql: "DELETE FROM api_token WHERE account_id = (SELECT id FROM account WHERE username = ?)",
                arguments: [username.value])
            return true
        }
    }

    func insertToken(hash: Data, accountID: Int64, createdAt: Date, expiresAt: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO api_token (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [hash, accountID, createdAt.timeIntervalSince1970, expiresAt.timeIntervalSince1970])
        }
    }

    func account(forTokenHash hash: Data, now: Date) async throws -> Account? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                SELECT account.* FROM api_token JOIN account ON account.id = api_token.account_id
                WHERE api_token.token_hash = ? AND api_token.expires_at > ?
                """,
                arguments: [hash, now.timeIntervalSince1970]
            ).flatMap(Self.account)
        }
    }

    func deleteToken(hash: Data) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM api_token WHERE token_hash = ?", arguments: [hash])
        }
    }

    func recordFailedLogIn(username: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO failed_log_in (username, failed_at) VALUES (?, ?)",
                arguments: [username.lowercased(), date.timeIntervalSince1970])
            // Older failures no longer count for anything.
            try db.execute(sql: "DELETE FROM failed_log_in WHERE failed_at < ?", arguments: [date.timeIntervalSince1970 - 86_400])
        }
    }

    func failedLogIns(username: String, after date: Date) async throws -> [Date] {
        try await database.read { db in
            try Double.fetchAll(
                db,
                sql: "SELECT failed_at FROM failed_log_in WHERE username = ? AND failed_at > ? ORDER BY failed_at",
                arguments: [username.lowercased(), date.timeIntervalSince1970]
            ).map(Date.init(timeIntervalSince1970:))
        }
    }

    private static func account(from row: Row) -> Account? {
        guard let username = Username(row["username"]) else { return nil }
        return Account(
            id: row["id"], username: username, name: row["name"], passwordHash: row["password_hash"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}
